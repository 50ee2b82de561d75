package io.strata.correlator.core.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeviceAnomalyDetectorTest {

  private static final DeviceAnomalyDetector DETECTOR = new DeviceAnomalyDetector(85);

  private static DeviceSample sample(HealthStatus health, Map<DeviceField, Double> fields) {
    Map<String, Double> values = new HashMap<>();
    fields.forEach((f, v) -> values.put(f.key(), v));
    return new DeviceSample(
        "c", "n", "GPU-1", "0", null, null, null, null, null, null, null, health, values, null,
        null, null, null);
  }

  @Test
  void aCoolQuietGpuHasNoAnomaly() {
    DeviceSample quiet =
        sample(
            HealthStatus.PASS,
            Map.of(
                DeviceField.GPU_TEMP,
                60.0,
                DeviceField.THERMAL_VIOLATION,
                5.0,
                DeviceField.CLOCKS_EVENT_REASONS,
                1.0));
    assertThat(DETECTOR.detect(quiet, quiet)).isEmpty();
  }

  @Test
  void heatSlowdownsAndRisingCountersAreAnomalies() {
    DeviceSample before =
        sample(
            HealthStatus.PASS,
            Map.of(
                DeviceField.THERMAL_VIOLATION,
                5.0,
                DeviceField.POWER_VIOLATION,
                1.0,
                DeviceField.PCIE_REPLAY_COUNTER,
                3.0,
                DeviceField.ECC_DBE_VOL_TOTAL,
                0.0));
    DeviceSample after =
        sample(
            HealthStatus.WARN,
            Map.of(
                DeviceField.GPU_TEMP, 85.0,
                DeviceField.THERMAL_VIOLATION, 9.0,
                DeviceField.POWER_VIOLATION, 2.0,
                DeviceField.CLOCKS_EVENT_REASONS, 0x20 * 1.0,
                DeviceField.PCIE_REPLAY_COUNTER, 4.0,
                DeviceField.ECC_DBE_VOL_TOTAL, 1.0,
                DeviceField.ROW_REMAP_FAILURE, 1.0));

    assertThat(DETECTOR.detect(before, after))
        .containsExactly(
            DeviceAnomaly.HIGH_TEMPERATURE,
            DeviceAnomaly.THERMAL_VIOLATION,
            DeviceAnomaly.POWER_VIOLATION,
            DeviceAnomaly.CLOCK_SLOWDOWN,
            DeviceAnomaly.PCIE_REPLAYS,
            DeviceAnomaly.ECC_DOUBLE_BIT,
            DeviceAnomaly.ROW_REMAP_FAILURE,
            DeviceAnomaly.HEALTH_WARN);
  }

  @Test
  void countersNeedAPreviousSampleToRise() {
    DeviceSample first = sample(HealthStatus.FAIL, Map.of(DeviceField.THERMAL_VIOLATION, 1e9));
    assertThat(DETECTOR.detect(null, first)).containsExactly(DeviceAnomaly.HEALTH_FAIL);
  }
}
