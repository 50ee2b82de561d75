package io.strata.events.device;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Whether an XID points at the application (no node action) or at the device. */
public enum XidOrigin {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  /** XIDs 13, 31, 43, 45, 68, 109 (and contained 94): the workload's fault, notify its owner. */
  APPLICATION,
  DEVICE
}
