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
  EXPORTER_WITHOUT_DRA_ATTRIBUTION
}
