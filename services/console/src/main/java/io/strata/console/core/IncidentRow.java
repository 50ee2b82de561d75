package io.strata.console.core;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Severity;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One line of the incident list.
 *
 * @param episode which opening of the incident this is (1, or more after a relapse reopened it);
 *     its actions and review are per episode
 * @param reopenedAt when the current episode began, null in episode 1
 */
public record IncidentRow(
    String incidentId,
    IncidentState state,
    IncidentClass incidentClass,
    Severity severity,
    String summary,
    String cluster,
    List<String> workloads,
    List<String> nodes,
    int gpus,
    Stage longestStage,
    String trigger,
    Instant openedAt,
    Instant updatedAt,
    long ageSeconds,
    int pendingActions,
    int episode,
    Instant reopenedAt) {

  static IncidentRow of(Incident incident, int pendingActions, Instant now) {
    Instant opened = incident.openedAt() == null ? now : incident.openedAt();
    Instant until =
        incident.state() == IncidentState.RESOLVED && incident.resolvedAt() != null
            ? incident.resolvedAt()
            : now;
    return new IncidentRow(
        incident.incidentId(),
        incident.state(),
        incident.incidentClass(),
        incident.severity(),
        incident.summary(),
        incident.scope() == null ? incident.correlation().cluster() : incident.scope().cluster(),
        incident.scope() == null ? List.of() : incident.scope().workloads(),
        incident.scope() == null ? List.of() : incident.scope().nodes(),
        incident.scope() == null ? 0 : incident.scope().gpuUuids().size(),
        incident.longestStage(),
        Texts.trigger(incident.trigger()),
        incident.openedAt(),
        incident.updatedAt(),
        Math.max(0, Duration.between(opened, until).toSeconds()),
        pendingActions,
        incident.episode(),
        incident.reopenedAt());
  }
}
