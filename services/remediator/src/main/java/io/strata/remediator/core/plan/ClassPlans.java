package io.strata.remediator.core.plan;

import static io.strata.events.remediation.ActionType.CORDON_NODE;
import static io.strata.events.remediation.ActionType.LOWER_CONCURRENCY;
import static io.strata.events.remediation.ActionType.NOTIFY_OWNER;
import static io.strata.events.remediation.ActionType.PAUSE_NEW_BATCHES;
import static io.strata.events.remediation.ActionType.REPORT_CAPACITY;
import static io.strata.events.remediation.ActionType.ROLLBACK_MODEL_VERSION;
import static io.strata.events.remediation.ActionType.SCALE_OUT;

import io.strata.events.incident.IncidentClass;
import io.strata.events.remediation.ActionType;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The ordered action types per incident class: the on-call path's table, overridable per class. */
public final class ClassPlans {

  private static final Map<IncidentClass, List<ActionType>> BUILT_IN =
      new EnumMap<>(
          Map.of(
              IncidentClass.DEVICE_FAULT, List.of(CORDON_NODE, PAUSE_NEW_BATCHES),
              IncidentClass.DEVICE_DEGRADED, List.of(LOWER_CONCURRENCY, CORDON_NODE),
              IncidentClass.APP_ERROR, List.of(NOTIFY_OWNER),
              IncidentClass.QUEUE_BACKLOG, List.of(LOWER_CONCURRENCY, PAUSE_NEW_BATCHES, SCALE_OUT),
              IncidentClass.ALLOCATION_FAILURE, List.of(PAUSE_NEW_BATCHES, REPORT_CAPACITY),
              IncidentClass.MODEL_LOAD, List.of(ROLLBACK_MODEL_VERSION),
              IncidentClass.DATA_PATH, List.of(LOWER_CONCURRENCY)));

  private final Map<String, List<ActionType>> overrides;

  /** {@code overrides} keyed by incident class name, as configured. */
  public ClassPlans(Map<String, List<ActionType>> overrides) {
    this.overrides = Map.copyOf(overrides);
    for (String key : this.overrides.keySet()) {
      try {
        IncidentClass.valueOf(key);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "strata.remediator.plans." + key + ": not an incident class", e);
      }
    }
  }

  public List<ActionType> forClass(IncidentClass incidentClass) {
    List<ActionType> configured = overrides.get(incidentClass.name());
    if (configured != null) {
      return configured;
    }
    return BUILT_IN.getOrDefault(incidentClass, List.of());
  }
}
