package io.strata.remediator.core.execute;

/** Why a journal record is not the remediator's own and is never executed. */
public enum IntegrityProblem {
  UNSPECIFIED,
  /** The record carries no integrity tag (written by something other than the remediator). */
  UNSIGNED,
  /** The tag does not match the content: forged, altered, or signed with another key. */
  BAD_TAG,
  /** A signed record that does not follow the action's latest state: a replay. */
  OUT_OF_ORDER,
  /** The action id is not the one the planner derives from incident, step, type and target. */
  ID_MISMATCH,
  /** An undo whose target is not the target of the action it undoes. */
  UNDO_TARGET_MISMATCH,
  /** The action an undo restores has no verified record of what it patched. */
  ORIGINAL_UNVERIFIED
}
