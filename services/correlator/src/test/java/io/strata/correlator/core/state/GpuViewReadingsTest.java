package io.strata.correlator.core.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which GPU entry changes are only new readings, which a write-behind store may defer (ADR 042).
 */
class GpuViewReadingsTest {

  private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");
  private static final DeviceOwner OWNER =
      new DeviceOwner(
          "ml", "llm-0", "main", "uid-1", null, null, null, null, null, null, null, null);

  private static DeviceSample sample(
      HealthStatus health, DeviceOwner owner, double temperature, Instant at) {
    return new DeviceSample(
        "c1",
        "n1",
        "GPU-1",
        "0",
        null,
        "nvidia0",
        "NVIDIA H100 80GB HBM3",
        "550.54.15",
        null,
        null,
        owner,
        health,
        Map.of(DeviceField.GPU_TEMP.key(), temperature),
        Map.of(),
        0,
        "http://n1:9400/metrics",
        at);
  }

  private final GpuView before =
      GpuView.empty().withSample(sample(HealthStatus.PASS, OWNER, 60, T0));

  @Test
  void aNewSampleWithTheSameHealthAndOwnerIsOnlyReadings() {
    GpuView next = before.withSample(sample(HealthStatus.PASS, OWNER, 71, T0.plusSeconds(1)));

    assertThat(GpuView.onlyReadingsChanged(before, next)).isTrue();
  }

  @Test
  void aHealthOrOwnerChangeMatters() {
    assertThat(
            GpuView.onlyReadingsChanged(
                before, before.withSample(sample(HealthStatus.FAIL, OWNER, 60, T0))))
        .isFalse();
    assertThat(
            GpuView.onlyReadingsChanged(
                before, before.withSample(sample(HealthStatus.PASS, DeviceOwner.none(), 60, T0))))
        .isFalse();
  }

  @Test
  void anyOtherPartOfTheEntryMatters() {
    assertThat(GpuView.onlyReadingsChanged(before, before.withCleanToReport(3))).isFalse();
    assertThat(GpuView.onlyReadingsChanged(before, before.withReported(T0, "sig"))).isFalse();
    assertThat(GpuView.onlyReadingsChanged(before, before.withOwner("c1/ml/llm", "llm-0")))
        .isFalse();
  }

  @Test
  void aPeriodicReportThatSaysTheSameIsOnlyReadings() {
    GpuView reported = before.withReported(T0, "PASS|llm-0");

    assertThat(
            GpuView.onlyReadingsChanged(
                reported, reported.withReported(T0.plusSeconds(10), "PASS|llm-0")))
        .isTrue();
  }

  @Test
  void theFirstSampleMatters() {
    assertThat(GpuView.onlyReadingsChanged(GpuView.empty(), before)).isFalse();
  }
}
