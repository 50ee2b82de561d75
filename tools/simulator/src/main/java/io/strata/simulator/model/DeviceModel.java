package io.strata.simulator.model;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * Turns a GPU's situation into the values an H100 under dcgm-exporter would report. Values move a
 * little with time (a deterministic wobble, so tests can pin them) around a level set by the GPU's
 * load and the active fault.
 */
public final class DeviceModel {

  static final double FB_TOTAL_MIB = 81559;
  static final double FB_RESERVED_MIB = 571;
  static final double IDLE_POWER_W = 72;
  static final double THROTTLED_SM_CLOCK_MHZ = 1140;
  static final double BOOST_SM_CLOCK_MHZ = 1980;
  static final double IDLE_SM_CLOCK_MHZ = 345;
  static final double THERMAL_TEMP_C = 91;

  private DeviceModel() {}

  /**
   * The situation of one GPU.
   *
   * @param utilisation GPU utilisation in percent the workload drives right now
   * @param memoryUsedMib framebuffer the holder has allocated
   * @param thermalThrottled the node overheats
   * @param fallenOffBus XID 79: the GPU no longer answers
   * @param missing fields this GPU's exporter stops publishing
   * @param attribution the pod the exporter labels the GPU with
   */
  public record Situation(
      double utilisation,
      double memoryUsedMib,
      boolean thermalThrottled,
      boolean fallenOffBus,
      Set<DeviceField> missing,
      Pod attribution) {}

  public static GpuReading read(Gpu gpu, Situation situation, Instant now) {
    double[] values = new double[DeviceField.values().length];
    double wobble = wobble(gpu, now);
    double util =
        situation.fallenOffBus() ? 0 : clamp(situation.utilisation() + 3 * wobble, 0, 100);
    double temp = 31 + util * 0.36 + wobble;
    double power = IDLE_POWER_W + util * 5.4 + 4 * wobble;
    double smClock = util > 5 ? BOOST_SM_CLOCK_MHZ : IDLE_SM_CLOCK_MHZ;
    if (situation.thermalThrottled()) {
      temp = THERMAL_TEMP_C + wobble;
      power = 330 + 3 * wobble;
      smClock = THROTTLED_SM_CLOCK_MHZ;
    }
    double used = situation.memoryUsedMib();
    set(values, DeviceField.SM_CLOCK, Math.round(smClock));
    set(values, DeviceField.MEM_CLOCK, 2619);
    set(values, DeviceField.GPU_TEMP, Math.round(temp));
    set(values, DeviceField.MEMORY_TEMP, Math.round(temp + 6));
    set(values, DeviceField.POWER_USAGE, Math.round(power * 1000) / 1000.0);
    set(values, DeviceField.TOTAL_ENERGY_CONSUMPTION, Math.floor(gpu.energyMillijoules()));
    set(values, DeviceField.PCIE_REPLAY_COUNTER, gpu.pcieReplays());
    set(values, DeviceField.GPU_UTIL, Math.round(util));
    set(values, DeviceField.MEM_COPY_UTIL, Math.round(util * 0.42));
    set(values, DeviceField.ENC_UTIL, 0);
    set(values, DeviceField.DEC_UTIL, 0);
    set(values, DeviceField.XID_ERRORS, gpu.lastXid());
    set(values, DeviceField.FB_USED, used);
    set(values, DeviceField.FB_RESERVED, FB_RESERVED_MIB);
    set(values, DeviceField.FB_FREE, FB_TOTAL_MIB - FB_RESERVED_MIB - used);
    set(values, DeviceField.NVLINK_BANDWIDTH_TOTAL, Math.floor(gpu.nvlinkBytes()));
    set(values, DeviceField.VGPU_LICENSE_STATUS, 0);
    set(values, DeviceField.UNCORRECTABLE_REMAPPED_ROWS, 0);
    set(values, DeviceField.CORRECTABLE_REMAPPED_ROWS, 0);
    set(values, DeviceField.ROW_REMAP_FAILURE, 0);
    double ratio = util / 100.0;
    set(values, DeviceField.GR_ENGINE_ACTIVE, round6(ratio * 0.97));
    set(values, DeviceField.PIPE_TENSOR_ACTIVE, round6(ratio * 0.45));
    set(values, DeviceField.DRAM_ACTIVE, round6(ratio * 0.55));
    set(values, DeviceField.PCIE_TX_BYTES, Math.round(1.2e8 * ratio + 95_000));
    set(values, DeviceField.PCIE_RX_BYTES, Math.round(3.5e8 * ratio + 23_792));
    for (DeviceField field : situation.missing()) {
      values[field.ordinal()] = Double.NaN;
    }
    return new GpuReading(gpu, values, health(situation), situation.attribution());
  }

  /** Power in watts a situation draws, for the energy counter. */
  static double powerWatts(Situation situation) {
    if (situation.thermalThrottled()) {
      return 330;
    }
    return situation.fallenOffBus() ? 0 : IDLE_POWER_W + situation.utilisation() * 5.4;
  }

  private static Map<HealthWatch, HealthWatch.Result> health(Situation situation) {
    Map<HealthWatch, HealthWatch.Result> health = GpuReading.allPass();
    if (situation.fallenOffBus()) {
      health.put(
          HealthWatch.ALL, new HealthWatch.Result(HealthWatch.FAIL, "DCGM_FR_FALLEN_OFF_BUS"));
      health.put(
          HealthWatch.PCIE, new HealthWatch.Result(HealthWatch.FAIL, "DCGM_FR_FALLEN_OFF_BUS"));
    }
    if (situation.thermalThrottled()) {
      health.put(
          HealthWatch.THERMAL, new HealthWatch.Result(HealthWatch.WARN, "DCGM_FR_TEMP_VIOLATION"));
    }
    return health;
  }

  /** -1..1, changing every 15 s, different per GPU. */
  private static double wobble(Gpu gpu, Instant now) {
    long slot = now.getEpochSecond() / 15;
    long h = (gpu.uuid().hashCode() * 31L + slot) * 0x9E3779B97F4A7C15L;
    return ((h >>> 11) % 2001) / 1000.0 - 1.0;
  }

  private static void set(double[] values, DeviceField field, double value) {
    values[field.ordinal()] = value;
  }

  private static double round6(double value) {
    return Math.round(value * 1e6) / 1e6;
  }

  private static double clamp(double value, double low, double high) {
    return Math.max(low, Math.min(high, value));
  }
}
