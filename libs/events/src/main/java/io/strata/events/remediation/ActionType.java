package io.strata.events.remediation;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** The reversible actions the remediator knows, and their inverses. */
public enum ActionType {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  LOWER_CONCURRENCY,
  RESTORE_CONCURRENCY,
  PAUSE_NEW_BATCHES,
  RESUME_BATCHES,
  CORDON_NODE,
  UNCORDON_NODE,
  SCALE_OUT,
  SCALE_IN,
  ROLLBACK_MODEL_VERSION,
  LOWER_BATCH_SIZE,
  NOTIFY_OWNER,
  REPORT_CAPACITY
}
