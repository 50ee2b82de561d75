package io.strata.events.device;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Which exporter signal revealed an XID occurrence. */
public enum XidSource {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  /** DCGM_FI_DEV_XID_ERRORS, the sticky "last XID" gauge changed. */
  LAST_XID_GAUGE,
  /** DCGM_EXP_XID_ERRORS_COUNT, the per-xid windowed count rose. */
  XID_ERRORS_COUNT
}
