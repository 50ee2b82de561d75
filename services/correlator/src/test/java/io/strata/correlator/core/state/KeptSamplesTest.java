package io.strata.correlator.core.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeptSamplesTest {

  private static final Instant T0 = Instant.parse("2026-12-02T10:00:00Z");
  private static final DeviceOwner OWNER =
      new DeviceOwner(
          "ml", "llm-0", "main", "uid-1", null, null, null, null, null, null, null, null);

  private static DeviceSample sample(double temperature, double replays, Instant at) {
    return new DeviceSample(
        "c1",
        "n1",
        "GPU-1",
        "0",
        "00000000:17:00.0",
        "nvidia0",
        "NVIDIA H100 80GB HBM3",
        "550.54.15",
        null,
        null,
        OWNER,
        HealthStatus.PASS,
        Map.of(
            DeviceField.GPU_TEMP.key(), temperature,
            DeviceField.PCIE_REPLAY_COUNTER.key(), replays),
        Map.of("DCGM_FI_DEV_VIDEO_CLOCK", 1755.0),
        0,
        "http://n1:9400/metrics",
        at);
  }

  @Test
  void theLatestKeepsIdentityOwnerHealthKnownFieldsAndTime() {
    DeviceSample kept = KeptSamples.latest(sample(91.0, 3.0, T0));

    assertThat(List.of(kept.cluster(), kept.node(), kept.gpuUuid()))
        .containsExactly("c1", "n1", "GPU-1");
    assertThat(kept.owner()).isEqualTo(OWNER);
    assertThat(kept.health()).isEqualTo(HealthStatus.PASS);
    assertThat(kept.fields())
        .isEqualTo(
            Map.of(DeviceField.GPU_TEMP.key(), 91.0, DeviceField.PCIE_REPLAY_COUNTER.key(), 3.0));
    assertThat(kept.scrapedAt()).isEqualTo(T0);
    assertThat(
            Arrays.asList(
                kept.gpuIndex(),
                kept.pciBusId(),
                kept.device(),
                kept.modelName(),
                kept.driverVersion(),
                kept.target(),
                kept.lastXid()))
        .containsOnlyNulls();
    assertThat(kept.otherFields()).isEmpty();
  }

  @Test
  void thePreviousKeepsOnlyTheComparedCounters() {
    DeviceSample kept = KeptSamples.previous(KeptSamples.latest(sample(91.0, 3.0, T0)));

    assertThat(kept.fields()).isEqualTo(Map.of(DeviceField.PCIE_REPLAY_COUNTER.key(), 3.0));
    assertThat(kept.owner()).isEqualTo(DeviceOwner.none());
    assertThat(kept.scrapedAt()).isEqualTo(T0);
  }

  @Test
  void theDetectorFindsTheSameOnKeptSamplesAsOnWholeOnes() {
    DeviceAnomalyDetector detector = new DeviceAnomalyDetector(85.0);
    DeviceSample before = sample(70.0, 3.0, T0);
    DeviceSample after = sample(91.0, 5.0, T0.plusSeconds(1));
    GpuView gpu = GpuView.empty().withSample(before).withSample(after);

    assertThat(detector.detect(gpu.previous(), gpu.latest()))
        .isEqualTo(detector.detect(before, after))
        .containsExactly(DeviceAnomaly.HIGH_TEMPERATURE, DeviceAnomaly.PCIE_REPLAYS);
  }

  @Test
  void noSampleKeepsNothing() {
    assertThat(KeptSamples.latest(null)).isNull();
    assertThat(KeptSamples.previous(null)).isNull();
  }
}
