package io.strata.remediator.core;

/** Whether the undo of temporary mitigations on recovery needs an approval. */
public enum UndoMode {
  PROPOSE,
  APPLY
}
