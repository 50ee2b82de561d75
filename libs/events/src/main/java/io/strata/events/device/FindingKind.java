package io.strata.events.device;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** What a data-quality finding is about. */
public enum FindingKind {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  /** Fields expected from a target that its /metrics does not carry. */
  FIELD_MISSING,
  /**
   * The exporter's pod/claim for a GPU disagrees with the Kubernetes API for longer than the grace
   * period.
   */
  OWNERSHIP_MISMATCH,
  /** A scrape failed (see {@link FindingReason}). */
  SCRAPE_FAILED,
  /** A scrape succeeded but some lines could not be parsed. */
  PARSE_ERRORS,
  /** A previously reported condition no longer holds. */
  RESOLVED
}
