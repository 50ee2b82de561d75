package io.strata.remediator.core;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.Episodes;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.PlannedAction;
import io.strata.remediator.core.policy.PolicyVerdict;
import io.strata.remediator.core.review.Notifier;
import io.strata.remediator.core.review.ReviewBuilder;
import io.strata.remediator.core.review.ReviewSink;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Follows incidents: proposes a plan while one is open, proposes (or applies) the undo of temporary
 * mitigations when it resolves, escalates or reverts when it misses its recovery deadline, and
 * writes the review record once it closes. Every method returns the ids of actions approved by
 * policy, for the caller to execute. Re-processing an incident is harmless: ids are deterministic.
 *
 * <p>All of this is per episode of the incident (ADR 023): a relapse the correlator reopens under
 * the same id is planned with fresh action ids, gets its own deadline and its own review, and its
 * resolution refuses only its own (and older) pending proposals.
 */
public final class RemediationEngine {

  /** The approver recorded for actions applied by policy. */
  public static final String POLICY_PRINCIPAL = "policy";

  private final ActionJournal journal;
  private final PlanProposer proposer;
  private final ApprovalService approvals;
  private final Notifier notifier;
  private final ReviewSink reviews;
  private final EngineSettings settings;
  private final Clock clock;
  private final LogLinks logLinks;

  private final Map<String, Incident> incidents = new LinkedHashMap<>();
  private final Map<String, Long> processedRevisions = new HashMap<>();
  // Keyed per episode (Episodes.key): the bare incident id for episode 1.
  private final Set<String> reviewed = new HashSet<>();
  private final Set<String> announced = new HashSet<>();
  private final Set<String> needsProcessing = new HashSet<>();
  private final Map<String, DeadlinePolicy> deadlineMissed = new HashMap<>();

  public RemediationEngine(
      ActionJournal journal,
      ActionPlanner planner,
      TargetGateway gateway,
      PatchFactory patches,
      ApprovalService approvals,
      Notifier notifier,
      ReviewSink reviews,
      EngineSettings settings,
      Clock clock) {
    this(
        journal,
        planner,
        gateway,
        patches,
        approvals,
        notifier,
        reviews,
        settings,
        clock,
        LogLinks.none(),
        RemediationEngine::proposeAll);
  }

  /** Without a policy: every step proposed for approval. */
  public RemediationEngine(
      ActionJournal journal,
      ActionPlanner planner,
      TargetGateway gateway,
      PatchFactory patches,
      ApprovalService approvals,
      Notifier notifier,
      ReviewSink reviews,
      EngineSettings settings,
      Clock clock,
      LogLinks logLinks) {
    this(
        journal,
        planner,
        gateway,
        patches,
        approvals,
        notifier,
        reviews,
        settings,
        clock,
        logLinks,
        RemediationEngine::proposeAll);
  }

  /** Every step proposed for approval, as without a policy. */
  private static PolicyVerdict proposeAll(
      Incident incident, PlannedAction step, ActionStore store) {
    return new PolicyVerdict(new PolicyRef(null, PolicyMode.PROPOSE), Optional.empty());
  }

  /**
   * @param logLinks the log link templates the review records' {@code log_links} are filled from
   * @param policy what becomes of each newly planned step: observed, proposed or approved
   */
  public RemediationEngine(
      ActionJournal journal,
      ActionPlanner planner,
      TargetGateway gateway,
      PatchFactory patches,
      ApprovalService approvals,
      Notifier notifier,
      ReviewSink reviews,
      EngineSettings settings,
      Clock clock,
      LogLinks logLinks,
      PolicyGate policy) {
    this.journal = journal;
    this.proposer =
        new PlanProposer(
            journal, planner, gateway, patches, notifier, settings, clock, policy, approvals);
    this.approvals = approvals;
    this.notifier = notifier;
    this.reviews = reviews;
    this.settings = settings;
    this.clock = clock;
    this.logLinks = logLinks;
  }

  /**
   * A person's approval, under the engine's lock: it never interleaves with the resolution of the
   * action's incident (which refuses what is still PROPOSED), so the journal cannot record REFUSED
   * then APPROVED. A forward action of an incident already resolved is refused.
   */
  public synchronized Decision approve(
      String actionId, String principal, ApprovalChannel channel, Optional<String> shownPatch) {
    Optional<RemediationAction> action = journal.store().latest(actionId);
    Incident incident = action.map(a -> incidents.get(a.incidentId())).orElse(null);
    if (incident != null) {
      Optional<RemediationAction> undone = journal.store().undoneBy(actionId);
      if (undone.isEmpty() && incident.state() == IncidentState.RESOLVED) {
        return Decision.of(
            Decision.Outcome.INCIDENT_RESOLVED,
            action.get(),
            "incident " + incident.incidentId() + " resolved; " + actionId + " is not needed");
      }
      if (undone.isPresent() && reopened(incident)) {
        return Decision.of(
            Decision.Outcome.INCIDENT_OPEN,
            action.get(),
            "incident "
                + incident.incidentId()
                + " is "
                + incident.state()
                + " again (episode "
                + incident.episode()
                + "): undoing "
                + undone.get().actionId()
                + " now would release what holds it; approve once it resolves");
      }
    }
    return approvals.approve(actionId, principal, channel, shownPatch);
  }

  /** Open again after the resolution that proposed an undo: anything but resolved. */
  private static boolean reopened(Incident incident) {
    return incident.state() != IncidentState.RESOLVED
        && incident.state() != IncidentState.UNSPECIFIED;
  }

  /** A person's rejection, under the same lock. */
  public synchronized Decision reject(String actionId, String principal, ApprovalChannel channel) {
    return approvals.reject(actionId, principal, channel);
  }

  /** A person's undo, under the same lock. */
  public synchronized Decision undo(String actionId, String principal, ApprovalChannel channel) {
    return approvals.undo(actionId, principal, channel);
  }

  /**
   * Remembers that a review was already written (rebuilt from strata.reviews.v1).
   *
   * @param episodeKey {@link Episodes#key} of the review's incident and episode (the bare incident
   *     id for episode 1)
   */
  public synchronized void markReviewed(String episodeKey) {
    reviewed.add(episodeKey);
  }

  public synchronized Optional<Incident> incident(String incidentId) {
    return Optional.ofNullable(incidents.get(incidentId));
  }

  /**
   * Handles one incident revision; returns the actions approved by policy. When recording fails
   * (Kafka unavailable) the incident is kept and retried at the next {@link #tick()}.
   */
  public synchronized List<String> onIncident(Incident incident) {
    Long processed = processedRevisions.get(incident.incidentId());
    if (processed != null && incident.revision() <= processed) {
      return List.of();
    }
    incidents.put(incident.incidentId(), incident);
    processedRevisions.put(incident.incidentId(), incident.revision());
    notifier.incidentChanged(incident);
    return process(incident);
  }

  private List<String> process(Incident incident) {
    String id = incident.incidentId();
    needsProcessing.remove(id);
    try {
      if (incident.state() == IncidentState.RESOLVED) {
        return resolve(incident);
      }
      if (incident.state() == IncidentState.OPEN || incident.state() == IncidentState.MITIGATING) {
        return proposer.propose(incident, () -> announced.add(Episodes.key(incident)));
      }
    } catch (TargetException | RuntimeException e) {
      needsProcessing.add(id);
    }
    return List.of();
  }

  /**
   * After an action finished: if its incident already resolved, a temporary mitigation that ran
   * late still gets its undo proposed (or applied).
   */
  public synchronized List<String> afterExecution(RemediationAction action) {
    Incident incident = incidents.get(action.incidentId());
    if (incident == null
        || incident.state() != IncidentState.RESOLVED
        || action.state() != ActionState.EXECUTED
        || journal.store().undoneBy(action.actionId()).isPresent()) {
      return List.of();
    }
    return undoTemporary(incident, List.of(action));
  }

  /**
   * Takes an incident back after a restart (read from the compacted topic): finishes whatever its
   * processing left undone, without announcing its notes a second time.
   */
  public synchronized List<String> restore(Incident incident) {
    announced.add(Episodes.key(incident));
    processedRevisions.remove(incident.incidentId());
    return onIncident(incident);
  }

  /** Periodic work: retry incidents whose processing failed, and check recovery deadlines. */
  public synchronized List<String> tick() {
    List<String> toExecute = new ArrayList<>();
    for (String id : List.copyOf(needsProcessing)) {
      toExecute.addAll(process(incidents.get(id)));
    }
    Instant now = clock.instant();
    for (Incident incident : incidents.values()) {
      if (incident.state() == IncidentState.RESOLVED
          || deadlineMissed.containsKey(Episodes.key(incident))) {
        continue;
      }
      Optional<Instant> mitigated = ReviewBuilder.mitigatedAt(incident, journal.store());
      if (mitigated.isPresent()
          && !now.isBefore(mitigated.get().plus(settings.recoveryDeadline()))) {
        toExecute.addAll(missDeadline(incident));
      }
    }
    return toExecute;
  }

  private List<String> resolve(Incident incident) {
    Instant now = clock.instant();
    List<RemediationAction> executed = new ArrayList<>();
    for (RemediationAction action : journal.store().forIncident(incident.incidentId())) {
      if (action.episode() > incident.episode()) {
        // A later episode's proposal is never superseded by an earlier resolution.
        continue;
      }
      boolean isUndo = journal.store().undoneBy(action.actionId()).isPresent();
      if (action.state() == ActionState.PROPOSED && !isUndo) {
        journal.record(
            Actions.transition(
                action,
                ActionState.REFUSED,
                ActionOutcomeReason.SUPERSEDED,
                "the incident resolved before approval",
                now));
      } else if (action.state() == ActionState.EXECUTED && !isUndo) {
        executed.add(action);
      }
    }
    List<String> toExecute = undoTemporary(incident, executed);
    String episode = Episodes.key(incident);
    if (!reviewed.contains(episode)) {
      reviews.write(
          ReviewBuilder.build(
              incident,
              journal.store(),
              Optional.ofNullable(deadlineMissed.get(episode)),
              now,
              logLinks));
      reviewed.add(episode);
    }
    return toExecute;
  }

  private List<String> undoTemporary(Incident incident, List<RemediationAction> executed) {
    List<String> toExecute = new ArrayList<>();
    List<RemediationAction> undos = new ArrayList<>();
    for (RemediationAction action : executed) {
      boolean alreadyUndone =
          journal.store().latest(ActionIds.undoOf(action.actionId())).isPresent();
      if (!settings.temporaryActions().contains(action.type()) || alreadyUndone) {
        continue;
      }
      Optional<RemediationAction> undo = approvals.proposeUndo(action);
      if (undo.isPresent() && undo.get().state() == ActionState.PROPOSED) {
        // The undo of what a rule did on its own is applied on its own too: same rule, same mode.
        boolean byAutoRule = action.policy() != null && action.policy().mode() == PolicyMode.AUTO;
        if (settings.undoMode() == UndoMode.APPLY || byAutoRule) {
          approvals.approve(undo.get().actionId(), POLICY_PRINCIPAL, ApprovalChannel.POLICY);
          toExecute.add(undo.get().actionId());
        }
        undos.add(journal.store().latest(undo.get().actionId()).orElseThrow());
      }
    }
    if (!undos.isEmpty()) {
      notifier.recovered(incident, undos);
    }
    return toExecute;
  }

  private List<String> missDeadline(Incident incident) {
    deadlineMissed.put(Episodes.key(incident), settings.onDeadline());
    List<RemediationAction> affected = new ArrayList<>();
    List<String> toExecute = new ArrayList<>();
    for (RemediationAction action : Episodes.current(journal.store(), incident)) {
      boolean isUndo = journal.store().undoneBy(action.actionId()).isPresent();
      if (isUndo) {
        continue;
      }
      if (settings.onDeadline() == DeadlinePolicy.ESCALATE
          && action.state() == ActionState.PROPOSED) {
        affected.add(action);
      } else if (settings.onDeadline() == DeadlinePolicy.REVERT
          && action.state() == ActionState.EXECUTED) {
        Decision decision =
            approvals.undo(action.actionId(), POLICY_PRINCIPAL, ApprovalChannel.POLICY);
        if (decision.outcome() == Decision.Outcome.APPROVED) {
          toExecute.add(decision.action().orElseThrow().actionId());
          affected.add(decision.action().orElseThrow());
        }
      }
    }
    notifier.deadlineMissed(incident, settings.onDeadline(), affected);
    return toExecute;
  }
}
