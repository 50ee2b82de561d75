package io.strata.events.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.topic.Topics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The device-sample topic's fast reader against data binding as the oracle: the same value for
 * every document binding accepts, the same failure and message for every one it rejects.
 */
class DeviceSampleReaderTest {

  private static final Instant AT = Instant.parse("2026-12-03T06:40:01.123456789Z");

  private final BindingOracle<DeviceSample> oracle =
      new BindingOracle<>(
          DeviceSample.class,
          Topics.DEVICE_SAMPLES.valueSerde().deserializer(),
          new DeviceSampleReader());

  static DeviceSample everyField() {
    return new DeviceSample(
        "prod-east",
        "gpu-node-7",
        "GPU-5fd3b2c4-0d5e-4f0e-9a51-2f6d7f1b9e01",
        "3",
        "00000000:4B:00.0",
        "nvidia3",
        "NVIDIA H100 80GB HBM3",
        "550.54.15",
        "1g.10gb",
        "7",
        new DeviceOwner(
            "ml",
            "llm-0",
            "vllm",
            "uid-1",
            "vgpu-0",
            "ml",
            "claim-a",
            "gpu.nvidia.com",
            "pool-a",
            "gpu-3",
            "1g.10gb",
            "MIG-abc"),
        HealthStatus.WARN,
        Map.of("gpu_temp", 71.5, "sm_clock", 1980.0, "xid_errors", 0.0),
        Map.of("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", 1.25e9, "DCGM_EXP_SOMETHING", -3.0),
        79,
        "http://gpu-node-7:9400/metrics",
        AT);
  }

  static DeviceSample sparse() {
    return new DeviceSample(
        "c", "n", "GPU-1", null, null, null, null, null, null, null, null, null, null, null, null,
        null, null);
  }

  private static DeviceSample withNullsInside() {
    DeviceSample sample = everyField();
    return new DeviceSample(
        sample.cluster(),
        sample.node(),
        sample.gpuUuid(),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        new DeviceOwner("ml", "p", null, null, null, null, null, null, null, null, null, null),
        null,
        sample.fields(),
        null,
        0,
        null,
        null);
  }

  private static byte[] json(DeviceSample sample) throws IOException {
    return StrataJson.mapper().writeValueAsBytes(sample);
  }

  @Test
  void readsWhatProducersWriteWithoutDeferring() throws IOException {
    for (DeviceSample sample : List.of(everyField(), sparse(), withNullsInside())) {
      assertThat(oracle.fastOrNull(json(sample)))
          .isEqualTo(sample)
          .isEqualTo(oracle.binding(json(sample)));
    }
  }

  @Test
  void defersWhatOnlyBindingKnowsHowToRead() {
    String base = "{\"cluster\":\"c\",\"node\":\"n\",\"gpu_uuid\":\"GPU-1\"";
    List<String> unusual =
        List.of(
            base + ",\"gpu_index\":3}", // a number coerced to text
            base + ",\"node\":\"m\"}", // a property given twice
            base + ",\"health\":\"NOT_AN_ENUM\"}", // unknown names read as UNSPECIFIED
            base + ",\"scraped_at\":\"2026-12-03T07:40:01+01:00\"}", // an offset
            base + ",\"last_xid\":79.0}", // a float taken as an int
            base + ",\"fields\":{\"gpu_temp\":\"NaN\"}}", // a non-finite gauge as text
            base + ",\"added_later\":1}"); // a newer producer's field
    for (String document : unusual) {
      byte[] bytes = document.getBytes(StandardCharsets.UTF_8);
      assertThat(oracle.fastOrNull(bytes)).as(document).isNull();
      assertThat(oracle.topic(bytes)).as(document).isEqualTo(oracle.binding(bytes));
    }
    assertThat(
            oracle.topic((base + ",\"gpu_index\":3}").getBytes(StandardCharsets.UTF_8)).gpuIndex())
        .isEqualTo("3");
    assertThat(
            oracle
                .topic(
                    (base + ",\"fields\":{\"gpu_temp\":\"NaN\"}}").getBytes(StandardCharsets.UTF_8))
                .fields())
        .isEqualTo(Map.of("gpu_temp", Double.NaN));
  }

  /** 30,000 mutations of producers' documents: the topic's serde decides as binding does. */
  @Test
  void decidesEveryFuzzedDocumentAsBindingDoes() throws IOException {
    List<byte[]> seeds = List.of(json(everyField()), json(sparse()), json(withNullsInside()));

    int readFast = oracle.assertSameDecisions(seeds, 30_000, 20261203L);

    // The fuzz reaches the fast path, not only the fallback: many mutations stay readable.
    assertThat(readFast).isGreaterThan(3_000);
  }
}
