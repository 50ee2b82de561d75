package io.strata.simulator.dcgm;

import static io.strata.simulator.model.DeviceField.FB_FREE;
import static io.strata.simulator.model.DeviceField.FB_RESERVED;
import static io.strata.simulator.model.DeviceField.FB_USED;

import io.strata.simulator.model.DeviceField;
import java.util.ArrayList;
import java.util.List;

/**
 * The families a dcgm-exporter 4.10 prints for the simulator's fields, in the DCGM Field Naming
 * Standard ({@code DCGM_FI_<domain>_<subsystem>_<property>[_<unit>][_<suffix>]}), values converted
 * from the model's legacy units. Sources:
 *
 * <ul>
 *   <li>same-unit renames: the deprecated-name aliases of DCGM's dcgmlib/dcgm_fields.h (v4.6.0,
 *       test fixture reference/dcgm_field-renames-dcgm-4.6.csv);
 *   <li>hertz, joules and the 0..1 ratio: the DCGM 4.7 base-unit fields 1603, 1604, 1611 and
 *       GPU_UTIL_RATIO in go-dcgm's copy of dcgm_fields.h ("Deprecated: Use
 *       DCGM_FI_DEV_SM_CLOCK_HERTZ instead"); MEMORY/ENC/DEC_UTIL_RATIO, FB_*_BYTES and
 *       NVLINK_THROUGHPUT_BYTES_PER_SECOND from NVIDIA's DCGM 4.7 field reference as quoted in a
 *       secondary survey (jackliusr/research, dcgm guide, 2026-09);
 *   <li>which fields, and their units: the dcgm-exporter 4.9.0 and 4.10.0 release notes;
 *       DCGM_FI_DEV_FB_CAPACITY_BYTES is collected by default since 4.9.
 * </ul>
 *
 * The HELP texts of 4.9's counter file are not available to this project: each keeps the legacy
 * text with the new unit. Integer DCGM fields print whole (energy truncated to the joule), double
 * ones (the ratios) with six decimals, as the exporter prints {@code %f}.
 */
final class StandardFamilies {

  static final String HOSTNAME_LABEL = "hostname";
  static final String DRIVER_VERSION_LABEL = "DCGM_FI_SYSTEM_DRIVER_VERSION";

  private static final double MEGA = 1e6;
  private static final double MIB = 1024.0 * 1024.0;
  private static final String GAUGE = "gauge";
  private static final String COUNTER = "counter";

  private StandardFamilies() {}

  /** Every family in page order; the framebuffer capacity just before the free memory. */
  static List<MetricFamily> families(LinkRates rates) {
    List<MetricFamily> families = new ArrayList<>();
    for (DeviceField field : DeviceField.values()) {
      if (field == FB_FREE) {
        families.add(
            MetricFamily.of(
                "DCGM_FI_DEV_FB_CAPACITY_BYTES",
                GAUGE,
                "Framebuffer memory capacity (in bytes).",
                (r, now) -> (r.value(FB_FREE) + r.value(FB_USED) + r.value(FB_RESERVED)) * MIB,
                false));
      }
      MetricFamily family = of(field, rates);
      families.add(field == DeviceField.XID_ERRORS ? family.withLastXid() : family);
    }
    return families;
  }

  private static MetricFamily of(DeviceField f, LinkRates rates) {
    return switch (f) {
      case SM_CLOCK ->
          whole("DCGM_FI_DEV_SM_CLOCK_HERTZ", GAUGE, "SM clock frequency (in Hz).", times(f, MEGA));
      case MEM_CLOCK ->
          whole(
              "DCGM_FI_DEV_MEMORY_CLOCK_HERTZ",
              GAUGE,
              "Memory clock frequency (in Hz).",
              times(f, MEGA));
      case MEMORY_TEMP -> same("DCGM_FI_DEV_MEMORY_TEMP_CELSIUS", f);
      case GPU_TEMP -> same("DCGM_FI_DEV_GPU_TEMP_CELSIUS", f);
      case POWER_USAGE -> same("DCGM_FI_DEV_BOARD_POWER_WATTS", f);
      case TOTAL_ENERGY_CONSUMPTION ->
          whole(
              "DCGM_FI_DEV_GPU_ENERGY_JOULES_TOTAL",
              COUNTER,
              "Total energy consumption since boot (in J).",
              (r, now) -> Math.floor(r.value(f) / 1000));
      case PCIE_REPLAY_COUNTER -> same("DCGM_FI_DEV_PCIE_REPLAY_TOTAL", f);
      case GPU_UTIL -> ratio("DCGM_FI_DEV_GPU_UTIL_RATIO", "GPU utilization", f);
      case MEM_COPY_UTIL -> ratio("DCGM_FI_DEV_MEMORY_UTIL_RATIO", "Memory utilization", f);
      case ENC_UTIL -> ratio("DCGM_FI_DEV_ENC_UTIL_RATIO", "Encoder utilization", f);
      case DEC_UTIL -> ratio("DCGM_FI_DEV_DEC_UTIL_RATIO", "Decoder utilization", f);
      case XID_ERRORS -> same("DCGM_FI_DEV_XID_ERROR", f);
      case FB_FREE -> bytes("DCGM_FI_DEV_FB_FREE_BYTES", "Framebuffer memory free", f);
      case FB_USED -> bytes("DCGM_FI_DEV_FB_USED_BYTES", "Framebuffer memory used", f);
      case FB_RESERVED -> bytes("DCGM_FI_DEV_FB_RESERVED_BYTES", "Framebuffer memory reserved", f);
      case NVLINK_BANDWIDTH_TOTAL ->
          whole(
              "DCGM_FI_DEV_NVLINK_THROUGHPUT_BYTES_PER_SECOND",
              GAUGE,
              "NVLink throughput of all links (in bytes per second).",
              (r, now) -> rates.bytesPerSecond(r.gpu().uuid(), r.value(f), now));
      case VGPU_LICENSE_STATUS -> same(f.metric(), f);
      case UNCORRECTABLE_REMAPPED_ROWS -> same("DCGM_FI_DEV_ROW_REMAP_UNCORRECTABLE_TOTAL", f);
      case CORRECTABLE_REMAPPED_ROWS -> same("DCGM_FI_DEV_ROW_REMAP_CORRECTABLE_TOTAL", f);
      case ROW_REMAP_FAILURE -> same("DCGM_FI_DEV_ROW_REMAP_FAILED", f);
      case GR_ENGINE_ACTIVE -> same("DCGM_FI_PROF_GR_ENGINE_UTIL_RATIO", f);
      case PIPE_TENSOR_ACTIVE -> same("DCGM_FI_PROF_TENSOR_UTIL_RATIO", f);
      case DRAM_ACTIVE -> same("DCGM_FI_PROF_DRAM_UTIL_RATIO", f);
      case PCIE_TX_BYTES -> same("DCGM_FI_PROF_PCIE_TX_BYTES_PER_SECOND", f);
      case PCIE_RX_BYTES -> same("DCGM_FI_PROF_PCIE_RX_BYTES_PER_SECOND", f);
    };
  }

  /** A rename without a unit change: the legacy type, HELP text, value and format. */
  private static MetricFamily same(String metric, DeviceField f) {
    return MetricFamily.of(metric, f.type(), f.help(), (r, now) -> r.value(f), f.profiling());
  }

  private static MetricFamily whole(
      String metric, String type, String help, MetricFamily.GpuValue value) {
    return MetricFamily.of(metric, type, help, value, false);
  }

  private static MetricFamily ratio(String metric, String what, DeviceField percent) {
    return MetricFamily.of(
        metric, GAUGE, what + " (ratio 0-1).", (r, now) -> r.value(percent) / 100, true);
  }

  private static MetricFamily bytes(String metric, String what, DeviceField mebibytes) {
    return whole(metric, GAUGE, what + " (in bytes).", times(mebibytes, MIB));
  }

  private static MetricFamily.GpuValue times(DeviceField f, double factor) {
    return (r, now) -> r.value(f) * factor;
  }
}
