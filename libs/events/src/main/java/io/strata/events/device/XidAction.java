package io.strata.events.device;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * The NVIDIA XID catalog's resolution buckets (immediate action). WORKFLOW_* buckets depend on
 * other XIDs seen with it.
 */
public enum XidAction {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  IGNORE,
  RESTART_APP,
  RESET_GPU,
  RESTART_BM,
  RESTART_VM,
  DRAIN_AND_RESET,
  CONTACT_SUPPORT,
  CHECK_MECHANICALS,
  CHECK_UVM,
  UPDATE_SWFW,
  WORKFLOW_XID_45,
  WORKFLOW_XID_48,
  WORKFLOW_NVLINK_ERR,
  WORKFLOW_NVLINK5_ERR,
  XID_154;

  /** True when the catalog's action requires taking the GPU or node out of service. */
  public boolean requiresNodeAction() {
    return switch (this) {
      case RESET_GPU, RESTART_BM, RESTART_VM, DRAIN_AND_RESET, WORKFLOW_XID_48 -> true;
      default -> false;
    };
  }
}
