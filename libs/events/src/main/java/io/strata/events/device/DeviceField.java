package io.strata.events.device;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The DCGM fields Strata knows by a stable name with its unit: the exporter's default and DCP
 * counter lists, plus the throttling and link fields the on-call path reads. Samples carry them in
 * {@code fields} under {@link #key()}; any other DCGM_FI_* goes to {@code other_fields} under its
 * DCGM name.
 */
public enum DeviceField {
  SM_CLOCK("DCGM_FI_DEV_SM_CLOCK", "sm_clock_mhz"),
  MEM_CLOCK("DCGM_FI_DEV_MEM_CLOCK", "mem_clock_mhz"),
  MEMORY_TEMP("DCGM_FI_DEV_MEMORY_TEMP", "memory_temp_celsius"),
  GPU_TEMP("DCGM_FI_DEV_GPU_TEMP", "gpu_temp_celsius"),
  POWER_USAGE("DCGM_FI_DEV_POWER_USAGE", "power_usage_watts"),
  TOTAL_ENERGY_CONSUMPTION("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "total_energy_millijoules"),
  PCIE_REPLAY_COUNTER("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "pcie_replays_total"),
  GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", "gpu_util_percent"),
  MEM_COPY_UTIL("DCGM_FI_DEV_MEM_COPY_UTIL", "mem_copy_util_percent"),
  ENC_UTIL("DCGM_FI_DEV_ENC_UTIL", "enc_util_percent"),
  DEC_UTIL("DCGM_FI_DEV_DEC_UTIL", "dec_util_percent"),
  XID_ERRORS("DCGM_FI_DEV_XID_ERRORS", "last_xid"),
  FB_FREE("DCGM_FI_DEV_FB_FREE", "fb_free_mib"),
  FB_USED("DCGM_FI_DEV_FB_USED", "fb_used_mib"),
  FB_RESERVED("DCGM_FI_DEV_FB_RESERVED", "fb_reserved_mib"),
  NVLINK_BANDWIDTH_TOTAL("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "nvlink_bandwidth_total"),
  VGPU_LICENSE_STATUS("DCGM_FI_DEV_VGPU_LICENSE_STATUS", "vgpu_license_status"),
  UNCORRECTABLE_REMAPPED_ROWS(
      "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "uncorrectable_remapped_rows_total"),
  CORRECTABLE_REMAPPED_ROWS(
      "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "correctable_remapped_rows_total"),
  ROW_REMAP_FAILURE("DCGM_FI_DEV_ROW_REMAP_FAILURE", "row_remap_failure"),
  CLOCK_THROTTLE_REASONS("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "clock_throttle_reasons_bitmask"),
  CLOCKS_EVENT_REASONS("DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "clocks_event_reasons_bitmask"),
  POWER_VIOLATION("DCGM_FI_DEV_POWER_VIOLATION", "power_violation_microseconds_total"),
  THERMAL_VIOLATION("DCGM_FI_DEV_THERMAL_VIOLATION", "thermal_violation_microseconds_total"),
  PCIE_TX_THROUGHPUT("DCGM_FI_DEV_PCIE_TX_THROUGHPUT", "pcie_tx_throughput_kib_per_second"),
  PCIE_RX_THROUGHPUT("DCGM_FI_DEV_PCIE_RX_THROUGHPUT", "pcie_rx_throughput_kib_per_second"),
  ECC_SBE_VOL_TOTAL("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "ecc_sbe_volatile_total"),
  ECC_DBE_VOL_TOTAL("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "ecc_dbe_volatile_total"),
  PROF_GR_ENGINE_ACTIVE("DCGM_FI_PROF_GR_ENGINE_ACTIVE", "gr_engine_active_ratio"),
  PROF_SM_ACTIVE("DCGM_FI_PROF_SM_ACTIVE", "sm_active_ratio"),
  PROF_SM_OCCUPANCY("DCGM_FI_PROF_SM_OCCUPANCY", "sm_occupancy_ratio"),
  PROF_PIPE_TENSOR_ACTIVE("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "pipe_tensor_active_ratio"),
  PROF_PIPE_FP64_ACTIVE("DCGM_FI_PROF_PIPE_FP64_ACTIVE", "pipe_fp64_active_ratio"),
  PROF_PIPE_FP32_ACTIVE("DCGM_FI_PROF_PIPE_FP32_ACTIVE", "pipe_fp32_active_ratio"),
  PROF_PIPE_FP16_ACTIVE("DCGM_FI_PROF_PIPE_FP16_ACTIVE", "pipe_fp16_active_ratio"),
  PROF_DRAM_ACTIVE("DCGM_FI_PROF_DRAM_ACTIVE", "dram_active_ratio"),
  PROF_PCIE_TX_BYTES("DCGM_FI_PROF_PCIE_TX_BYTES", "pcie_tx_bytes_per_second"),
  PROF_PCIE_RX_BYTES("DCGM_FI_PROF_PCIE_RX_BYTES", "pcie_rx_bytes_per_second"),
  PROF_NVLINK_TX_BYTES("DCGM_FI_PROF_NVLINK_TX_BYTES", "nvlink_tx_bytes_per_second"),
  PROF_NVLINK_RX_BYTES("DCGM_FI_PROF_NVLINK_RX_BYTES", "nvlink_rx_bytes_per_second");

  private static final Map<String, DeviceField> BY_DCGM_NAME =
      Arrays.stream(values())
          .collect(Collectors.toUnmodifiableMap(DeviceField::dcgmName, Function.identity()));

  private final String dcgmName;
  private final String key;

  DeviceField(String dcgmName, String key) {
    this.dcgmName = dcgmName;
    this.key = key;
  }

  /** The exporter's metric name, for example {@code DCGM_FI_DEV_GPU_TEMP}. */
  public String dcgmName() {
    return dcgmName;
  }

  /** The stable key in a sample's {@code fields} map; the suffix names the unit. */
  public String key() {
    return key;
  }

  public static Optional<DeviceField> fromDcgmName(String dcgmName) {
    return Optional.ofNullable(BY_DCGM_NAME.get(dcgmName));
  }
}
