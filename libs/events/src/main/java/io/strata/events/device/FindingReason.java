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
  KUBERNETES_HAS_NO_OWNER
}
