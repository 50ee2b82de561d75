package io.strata.events.remediation;

import io.strata.events.Correlation;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Trigger;
import java.time.Instant;
import java.util.List;

/**
 * The review written when an incident closes. Key: incident_id.
 *
 * @param missingDimensions correlation dimensions that were absent and should be added next time,
 *     for example {@code spans without k8s.pod.name}
 * @param episode which episode of the incident closed ({@code Incident#episode}): a reopened
 *     incident gets one review per episode, each listing that episode's actions. Absent in JSON
 *     written before it existed, read as 1
 * @param logLinks links to the logs of the episode's exemplar traces, pods and nodes, filled from
 *     the remediator's log link templates when the review was written; empty without templates and
 *     in JSON written before it existed
 */
public record ReviewRecord(
    String incidentId,
    IncidentClass incidentClass,
    ReviewOutcome outcome,
    Trigger trigger,
    List<Correlation> affectedWorkloads,
    String exemplarTraceId,
    List<DeviceEvidence> devices,
    List<ActionRecord> actions,
    Instant openedAt,
    Instant mitigatedAt,
    Instant resolvedAt,
    Long timeToMitigateMillis,
    Long timeToRecoverMillis,
    List<String> missingDimensions,
    Instant writtenAt,
    int episode,
    List<LogLinkRef> logLinks) {

  public ReviewRecord {
    incidentClass = incidentClass == null ? IncidentClass.UNSPECIFIED : incidentClass;
    outcome = outcome == null ? ReviewOutcome.UNSPECIFIED : outcome;
    affectedWorkloads = affectedWorkloads == null ? List.of() : List.copyOf(affectedWorkloads);
    devices = devices == null ? List.of() : List.copyOf(devices);
    actions = actions == null ? List.of() : List.copyOf(actions);
    missingDimensions = missingDimensions == null ? List.of() : List.copyOf(missingDimensions);
    episode = Math.max(episode, Incident.FIRST_EPISODE);
    logLinks = logLinks == null ? List.of() : List.copyOf(logLinks);
  }

  /** A review without log links. */
  public ReviewRecord(
      String incidentId,
      IncidentClass incidentClass,
      ReviewOutcome outcome,
      Trigger trigger,
      List<Correlation> affectedWorkloads,
      String exemplarTraceId,
      List<DeviceEvidence> devices,
      List<ActionRecord> actions,
      Instant openedAt,
      Instant mitigatedAt,
      Instant resolvedAt,
      Long timeToMitigateMillis,
      Long timeToRecoverMillis,
      List<String> missingDimensions,
      Instant writtenAt,
      int episode) {
    this(
        incidentId,
        incidentClass,
        outcome,
        trigger,
        affectedWorkloads,
        exemplarTraceId,
        devices,
        actions,
        openedAt,
        mitigatedAt,
        resolvedAt,
        timeToMitigateMillis,
        timeToRecoverMillis,
        missingDimensions,
        writtenAt,
        episode,
        List.of());
  }

  /** The review of an incident's first episode. */
  public ReviewRecord(
      String incidentId,
      IncidentClass incidentClass,
      ReviewOutcome outcome,
      Trigger trigger,
      List<Correlation> affectedWorkloads,
      String exemplarTraceId,
      List<DeviceEvidence> devices,
      List<ActionRecord> actions,
      Instant openedAt,
      Instant mitigatedAt,
      Instant resolvedAt,
      Long timeToMitigateMillis,
      Long timeToRecoverMillis,
      List<String> missingDimensions,
      Instant writtenAt) {
    this(
        incidentId,
        incidentClass,
        outcome,
        trigger,
        affectedWorkloads,
        exemplarTraceId,
        devices,
        actions,
        openedAt,
        mitigatedAt,
        resolvedAt,
        timeToMitigateMillis,
        timeToRecoverMillis,
        missingDimensions,
        writtenAt,
        Incident.FIRST_EPISODE,
        List.of());
  }
}
