package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.correlator.core.state.DeviceAnomaly;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.XidMark;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadInputSerdeTest {

  private static final String TOPIC = "strata-correlator-workload-inputs-repartition";
  private static final Instant T0 = Instant.parse("2026-12-03T07:00:00.250Z");
  private static final GpuSnapshot SNAPSHOT =
      new GpuSnapshot(
          "c1",
          "n1",
          "GPU-1",
          "c1/ml/llm-0",
          Map.of("gpu_util", 93.0, "gpu_temp", 71.5),
          HealthStatus.FAIL,
          List.of(new XidMark(79, XidAction.RESTART_BM, XidOrigin.DEVICE, 1, T0)),
          List.of(DeviceAnomaly.HIGH_TEMPERATURE, DeviceAnomaly.HEALTH_FAIL),
          T0);

  private final WorkloadInputSerde serde = new WorkloadInputSerde();

  private WorkloadInput roundTrip(WorkloadInput value) {
    return serde.deserializer().deserialize(TOPIC, serde.serializer().serialize(TOPIC, value));
  }

  @Test
  void anOwnedGpusStateTravelsInBinaryAndComesBackEqual() {
    WorkloadInput gpu = WorkloadInput.gpu(SNAPSHOT);

    assertThat(serde.serializer().serialize(TOPIC, gpu)[0]).isEqualTo((byte) 1);
    assertThat(roundTrip(gpu)).isEqualTo(gpu);
  }

  @Test
  void aReleasedGpuTravelsInBinaryAndComesBackEqual() {
    WorkloadInput released = WorkloadInput.gpuReleased("GPU-1");

    assertThat(serde.serializer().serialize(TOPIC, released)[0]).isEqualTo((byte) 2);
    assertThat(roundTrip(released)).isEqualTo(released);
  }

  @Test
  void theRareCasesStayJson() {
    WorkloadInput watch = WorkloadInput.deviceWatch("c1/n1/GPU-1|XID_FAULT");

    assertThat(new String(serde.serializer().serialize(TOPIC, watch), StandardCharsets.UTF_8))
        .startsWith("{\"kind\":\"DEVICE_WATCH\"");
    assertThat(roundTrip(watch)).isEqualTo(watch);
  }

  @Test
  void anUnknownCaseIsRefusedWithAReason() {
    assertThatThrownBy(() -> serde.deserializer().deserialize(TOPIC, new byte[] {9}))
        .hasMessageContaining("a workload-inputs record has case 9, expected 1 or 2");
  }

  @Test
  void aTombstoneStaysNull() {
    assertThat(serde.deserializer().deserialize(TOPIC, null)).isNull();
  }
}
