package io.strata.correlator.core.incident;

import io.strata.events.incident.IncidentClass;
import io.strata.events.remediation.ActionType;
import java.util.List;

/** The first reversible actions for each incident class, mitigation first. */
public final class SuggestedActions {

  private SuggestedActions() {}

  public static List<ActionType> forClass(IncidentClass incidentClass) {
    return switch (incidentClass) {
      case DEVICE_FAULT -> List.of(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES);
      case DEVICE_DEGRADED -> List.of(ActionType.LOWER_CONCURRENCY, ActionType.CORDON_NODE);
      case APP_ERROR -> List.of(ActionType.NOTIFY_OWNER);
      case QUEUE_BACKLOG ->
          List.of(ActionType.LOWER_CONCURRENCY, ActionType.PAUSE_NEW_BATCHES, ActionType.SCALE_OUT);
      case ALLOCATION_FAILURE -> List.of(ActionType.PAUSE_NEW_BATCHES, ActionType.REPORT_CAPACITY);
      case MODEL_LOAD -> List.of(ActionType.ROLLBACK_MODEL_VERSION);
      case DATA_PATH -> List.of(ActionType.LOWER_BATCH_SIZE, ActionType.LOWER_CONCURRENCY);
      case OWNERSHIP_MISMATCH, FIELD_MISSING, UNSPECIFIED -> List.of();
    };
  }
}
