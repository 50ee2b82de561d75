package io.strata.remediator.core.review;

import io.strata.events.Correlation;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.LogLinkRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewOutcome;
import io.strata.events.remediation.ReviewRecord;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.DeadlinePolicy;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Episodes;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.Incidents;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The review record of a closed incident episode, from the incident and the histories of that
 * episode's actions (ADR 023): a reopened incident's second review lists only what the relapse did,
 * and its times count from the episode's start.
 */
public final class ReviewBuilder {

  /**
   * At most this many log links, their URLs together within {@link #LOG_CHARS}: a review is kept
   * forever on a compacted topic, one record per incident episode.
   */
  static final int MAX_LOG_LINKS = 20;

  static final int LOG_CHARS = 32_000;

  private ReviewBuilder() {}

  /**
   * @param logLinks the templates its {@code log_links} are filled from, with the incident's window
   *     and the episode's actions (their pods and nodes), as the plan's messages fill them
   */
  public static ReviewRecord build(
      Incident incident,
      ActionStore store,
      Optional<DeadlinePolicy> deadlineMissed,
      Instant now,
      LogLinks logLinks) {
    List<RemediationAction> actions = Episodes.current(store, incident);
    List<ActionRecord> records =
        actions.stream()
            .map(
                a ->
                    new ActionRecord(
                        a.actionId(),
                        a.type(),
                        a.state(),
                        a.target(),
                        a.approvedBy(),
                        a.approvalChannel(),
                        a.approvedAt(),
                        store.firstTime(a.actionId(), ActionState.EXECUTED).orElse(null),
                        store.firstTime(a.actionId(), ActionState.REVERTED).orElse(null),
                        a.policy()))
            .toList();
    Optional<Instant> mitigatedAt = mitigatedAt(incident, store);
    Instant resolvedAt = incident.resolvedAt();
    Instant started = incident.episodeStartedAt();
    Long timeToRecover = incident.timeToRecoverMillis();
    if (timeToRecover == null && resolvedAt != null && started != null) {
      timeToRecover = Duration.between(started, resolvedAt).toMillis();
    }
    Long timeToMitigate =
        mitigatedAt
            .filter(t -> started != null)
            .map(t -> Duration.between(started, t).toMillis())
            .orElse(null);
    return new ReviewRecord(
        incident.incidentId(),
        incident.incidentClass(),
        outcome(mitigatedAt.isPresent(), deadlineMissed),
        incident.trigger(),
        affectedWorkloads(incident),
        incident.evidence().exemplarTraces().isEmpty()
            ? null
            : incident.evidence().exemplarTraces().get(0).traceId(),
        incident.evidence().devices(),
        records,
        started,
        mitigatedAt.orElse(null),
        resolvedAt,
        timeToMitigate,
        timeToRecover,
        MissingDimensions.of(incident),
        now,
        incident.episode(),
        logLinks.render(incident, actions, MAX_LOG_LINKS, LOG_CHARS).stream()
            .map(l -> new LogLinkRef(l.template(), l.subject(), l.url()))
            .toList());
  }

  /**
   * When the first forward action (not an undo, not a dry run) of the incident's current episode
   * was executed.
   */
  public static Optional<Instant> mitigatedAt(Incident incident, ActionStore store) {
    return Episodes.current(store, incident).stream()
        .filter(a -> !a.dryRun() && store.undoneBy(a.actionId()).isEmpty())
        .map(a -> store.firstTime(a.actionId(), ActionState.EXECUTED))
        .flatMap(Optional::stream)
        .min(Comparator.naturalOrder());
  }

  private static ReviewOutcome outcome(boolean mitigated, Optional<DeadlinePolicy> deadlineMissed) {
    if (deadlineMissed.isPresent()) {
      return deadlineMissed.get() == DeadlinePolicy.REVERT
          ? ReviewOutcome.REVERTED
          : ReviewOutcome.ESCALATED;
    }
    return mitigated ? ReviewOutcome.RECOVERED : ReviewOutcome.RECOVERED_WITHOUT_ACTION;
  }

  private static List<Correlation> affectedWorkloads(Incident incident) {
    List<Correlation> affected = new ArrayList<>();
    for (String workload : ActionPlanner.workloads(incident)) {
      int slash = workload.indexOf('/');
      Correlation named =
          Correlation.builder()
              .cluster(Incidents.scope(incident).cluster())
              .namespace(slash > 0 ? workload.substring(0, slash) : null)
              .workload(slash > 0 ? workload.substring(slash + 1) : workload)
              .modelVersion(
                  Incidents.scope(incident).singleVersion()
                          && Incidents.scope(incident).modelVersions().size() == 1
                      ? Incidents.scope(incident).modelVersions().get(0)
                      : null)
              .build();
      boolean primary =
          named.namespace() != null
              && named.namespace().equals(incident.correlation().namespace())
              && named.workload().equals(incident.correlation().workload());
      affected.add(primary ? named.orElse(incident.correlation()) : named);
    }
    if (affected.isEmpty() && !incident.correlation().equals(Correlation.empty())) {
      affected.add(incident.correlation());
    }
    return affected;
  }
}
