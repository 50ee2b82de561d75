package io.strata.events.device;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** The precise cause behind a finding. */
public enum FindingReason {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  TIMEOUT,
  CONNECTION_FAILED,
  HTTP_STATUS,
  RESPONSE_TOO_LARGE,
  MALFORMED_LINES,
  EXPECTED_FIELD_ABSENT,
  POD_DIFFERS,
  CLAIM_DIFFERS,
  EXPORTER_HAS_NO_OWNER,
  KUBERNETES_HAS_NO_OWNER,
  /**
   * The exporter labels no DRA claim for GPUs Kubernetes allocated through DRA claims: its DRA
   * mapping is off. One finding per scrape target, not one per GPU.
   */
  EXPORTER_WITHOUT_DRA_ATTRIBUTION,
  /**
   * Lines of a page that name a known DCGM field but could not be put under its key: the same field
   * under both its legacy and its Naming Standard name, or a unit that cannot be converted. Their
   * values stay under their exporter names; a reader of an older contract sees UNSPECIFIED.
   */
  FIELD_NAMING_CONFLICT
}
