package io.strata.correlator.streams.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.correlator.core.state.GpuExemplars;
import io.strata.correlator.core.state.GpuView;
import io.strata.events.device.DeviceSample;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

class NodeCodecsTest {

  private final Serde<GpuView> gpus = NodeCodecs.gpuViews();

  @Test
  void aGpuEntryWithEveryComponentSetSurvivesTheRoundTrip() {
    GpuView gpu = Filled.of(GpuView.class);

    byte[] bytes = gpus.serializer().serialize("t", gpu);

    assertThat(gpus.deserializer().deserialize("t", bytes)).isEqualTo(gpu);
    assertThat(bytes[0]).isEqualTo((byte) 1);
  }

  @Test
  void aGpuEntryWithNothingSetSurvivesTheRoundTrip() {
    GpuView empty = GpuView.empty();

    assertThat(gpus.deserializer().deserialize("t", gpus.serializer().serialize("t", empty)))
        .isEqualTo(empty);
  }

  @Test
  void aDeviceSampleWithEveryComponentSetSurvivesInsideAGpuEntry() {
    DeviceSample sample = Filled.of(DeviceSample.class);
    // The constructor, not withSample: the codec must carry every component, whatever the entry
    // keeps.
    GpuView gpu = new GpuView(sample, sample, null, null, null, null, null, 0, null, null);

    GpuView back = gpus.deserializer().deserialize("t", gpus.serializer().serialize("t", gpu));

    assertThat(back.latest()).isEqualTo(sample);
    assertThat(back.previous()).isEqualTo(sample);
  }

  @Test
  void exemplarsSurviveTheRoundTrip() {
    Serde<GpuExemplars> serde = NodeCodecs.gpuExemplars();
    GpuExemplars exemplars = Filled.of(GpuExemplars.class);

    assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", exemplars)))
        .isEqualTo(exemplars);
  }

  @Test
  void anUnknownFormatVersionIsRefusedNamingIt() {
    byte[] bytes = gpus.serializer().serialize("t", GpuView.empty());
    bytes[0] = 9;

    assertThatThrownBy(() -> gpus.deserializer().deserialize("t", bytes))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a GPU entry has format version 9, expected 1");
  }
}
