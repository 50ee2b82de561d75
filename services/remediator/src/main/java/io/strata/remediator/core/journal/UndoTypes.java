package io.strata.remediator.core.journal;

import io.strata.events.remediation.ActionType;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/** Which action type undoes which. */
public final class UndoTypes {

  private static final Map<ActionType, ActionType> INVERSE = new EnumMap<>(ActionType.class);

  static {
    INVERSE.put(ActionType.LOWER_CONCURRENCY, ActionType.RESTORE_CONCURRENCY);
    INVERSE.put(ActionType.PAUSE_NEW_BATCHES, ActionType.RESUME_BATCHES);
    INVERSE.put(ActionType.CORDON_NODE, ActionType.UNCORDON_NODE);
    INVERSE.put(ActionType.SCALE_OUT, ActionType.SCALE_IN);
  }

  private UndoTypes() {}

  /** The type of the undo of {@code type}; a rollback is undone by another rollback. */
  public static Optional<ActionType> undoOf(ActionType type) {
    if (type == ActionType.ROLLBACK_MODEL_VERSION) {
      return Optional.of(ActionType.ROLLBACK_MODEL_VERSION);
    }
    return Optional.ofNullable(INVERSE.get(type));
  }

  public static boolean isUndo(ActionType type) {
    return INVERSE.containsValue(type);
  }
}
