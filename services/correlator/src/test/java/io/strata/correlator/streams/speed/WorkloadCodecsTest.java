package io.strata.correlator.streams.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.correlator.core.state.GpuSnapshot;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

class WorkloadCodecsTest {

  private final Serde<GpuSnapshot> snapshots = WorkloadCodecs.gpuSnapshots();

  private GpuSnapshot roundTrip(GpuSnapshot snapshot) {
    return snapshots
        .deserializer()
        .deserialize("t", snapshots.serializer().serialize("t", snapshot));
  }

  @Test
  void aSnapshotWithEveryComponentSetSurvivesTheRoundTrip() {
    GpuSnapshot snapshot = Filled.of(GpuSnapshot.class);

    assertThat(snapshots.serializer().serialize("t", snapshot)[0]).isEqualTo((byte) 1);
    assertThat(roundTrip(snapshot)).isEqualTo(snapshot);
  }

  @Test
  void aSnapshotWithNothingSetSurvivesTheRoundTrip() {
    GpuSnapshot empty = new GpuSnapshot(null, null, null, null, null, null, null, null, null);

    assertThat(roundTrip(empty)).isEqualTo(empty);
  }

  @Test
  void anUnknownVersionIsRefusedWithAReason() {
    assertThatThrownBy(() -> snapshots.deserializer().deserialize("t", new byte[] {7}))
        .hasMessageContaining("a workload's GPU has format version 7, expected 1");
  }
}
