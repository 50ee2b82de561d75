package io.strata.correlatorbench;

import io.strata.correlatorbench.FleetShape.Pod;
import io.strata.correlatorbench.FleetShape.Workload;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.serde.JsonSerde;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Decoding device samples and spans, data binding against the topic's serde (its fast reader first,
 * ADR 043), in one JVM and one run: rounds alternate between the two over the same documents, so
 * both see the same warm-up, heap and machine load. Prints one {@code key=value} line per round and
 * the medians, per type.
 *
 * <pre>tools/correlator-bench/decode [--gpus 1000] [--rounds 10]</pre>
 */
public final class DecodeBench {

  /**
   * Exporter counters that have no {@code DeviceField} and so ride in {@code other_fields}: fields
   * of dcgm-exporter's etc/default-counters.csv.
   */
  private static final String[] OTHER = {
    "DCGM_FI_DEV_ENC_UTIL",
    "DCGM_FI_DEV_DEC_UTIL",
    "DCGM_FI_DEV_FB_RESERVED",
    "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
    "DCGM_FI_PROF_PCIE_RX_BYTES",
    "DCGM_FI_PROF_PCIE_TX_BYTES",
    "DCGM_FI_DEV_VGPU_LICENSE_STATUS"
  };

  private DecodeBench() {}

  public static void main(String[] args) {
    int gpus = intOption(args, "--gpus", 1000);
    int rounds = intOption(args, "--rounds", 10);
    compare(
        "sample",
        samples(gpus),
        new JsonSerde<>(DeviceSample.class),
        Topics.DEVICE_SAMPLES.valueSerde().deserializer(),
        rounds);
    compare(
        "span",
        spans(gpus),
        new JsonSerde<>(SpanSummary.class),
        Topics.TRACE_SPANS.valueSerde().deserializer(),
        rounds);
  }

  private static <T> void compare(
      String type,
      List<byte[]> documents,
      Deserializer<T> binding,
      Deserializer<T> topic,
      int rounds) {
    long bytes = documents.stream().mapToLong(d -> d.length).sum();
    System.out.println(type + "_documents=" + documents.size());
    System.out.println(type + "_mean_bytes=" + bytes / documents.size());
    // Both must agree on every document before either is timed.
    for (byte[] document : documents) {
      if (!binding.deserialize("t", document).equals(topic.deserialize("t", document))) {
        throw new IllegalStateException("the two decodes disagree on " + new String(document));
      }
    }
    double[] bindingNs = new double[rounds];
    double[] topicNs = new double[rounds];
    for (int round = 0; round < rounds; round++) {
      bindingNs[round] = nanosPerRecord(binding, documents);
      topicNs[round] = nanosPerRecord(topic, documents);
      System.out.printf(
          Locale.ROOT,
          "%s_round=%d binding_ns=%.0f topic_serde_ns=%.0f%n",
          type,
          round,
          bindingNs[round],
          topicNs[round]);
    }
    double b = median(bindingNs);
    double t = median(topicNs);
    System.out.printf(Locale.ROOT, "%s_binding_ns=%.0f%n", type, b);
    System.out.printf(Locale.ROOT, "%s_topic_serde_ns=%.0f%n", type, t);
    System.out.printf(Locale.ROOT, "%s_speedup=%.2f%n", type, b / t);
  }

  /** One request's six spans per GPU, as the benchmark's pre-fill writes them. */
  private static List<byte[]> spans(int gpus) {
    FleetShape fleet = FleetShape.of(gpus);
    JsonSerde<SpanSummary> json = new JsonSerde<>(SpanSummary.class);
    Instant at = Instant.parse("2026-12-03T06:00:00.123456789Z");
    List<byte[]> documents = new ArrayList<>();
    long trace = 0;
    for (Workload workload : fleet.workloads()) {
      for (Pod pod : workload.pods()) {
        for (int slot = 0; slot < pod.gpus().size(); slot++) {
          trace++;
          for (SpanSummary span :
              TraceRecords.request(pod, slot, 42L, trace, (trace % 10) / 10.0, at)) {
            documents.add(json.serialize("t", span));
          }
        }
      }
    }
    return documents;
  }

  /** Every GPU's sample, a third of them with the default counters that have no known field. */
  private static List<byte[]> samples(int gpus) {
    FleetShape fleet = FleetShape.of(gpus);
    JsonSerde<DeviceSample> json = new JsonSerde<>(DeviceSample.class);
    Instant at = Instant.parse("2026-12-03T06:00:00.123456789Z");
    List<byte[]> documents = new ArrayList<>();
    int n = 0;
    for (Workload workload : fleet.workloads()) {
      for (Pod pod : workload.pods()) {
        for (int slot = 0; slot < pod.gpus().size(); slot++, n++) {
          DeviceSample sample =
              DeviceRecords.sample(pod, slot, workload.dra(), HealthStatus.PASS, (n % 7) / 7.0, at);
          if (n % 3 == 0) {
            sample = withOtherFields(sample, n);
          }
          documents.add(json.serialize("t", sample));
        }
      }
    }
    return documents;
  }

  private static DeviceSample withOtherFields(DeviceSample s, int n) {
    Map<String, Double> other = new HashMap<>();
    for (int i = 0; i < OTHER.length; i++) {
      other.put(OTHER[i], (double) (n * 31 + i));
    }
    return new DeviceSample(
        s.cluster(),
        s.node(),
        s.gpuUuid(),
        s.gpuIndex(),
        s.pciBusId(),
        s.device(),
        s.modelName(),
        s.driverVersion(),
        s.migProfile(),
        s.migInstanceId(),
        s.owner(),
        s.health(),
        s.fields(),
        other,
        s.lastXid(),
        s.target(),
        s.scrapedAt());
  }

  /** Decodes every document enough times for about a second of work; the mean per document. */
  private static double nanosPerRecord(Deserializer<?> values, List<byte[]> documents) {
    int passes = Math.max(1, 200_000 / documents.size());
    long sink = 0;
    long start = System.nanoTime();
    for (int pass = 0; pass < passes; pass++) {
      for (byte[] document : documents) {
        sink += values.deserialize("t", document) == null ? 0 : 1;
      }
    }
    long elapsed = System.nanoTime() - start;
    if (sink == 42) {
      System.out.print(""); // keeps the decodes observable to the JIT
    }
    return (double) elapsed / ((long) passes * documents.size());
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    java.util.Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static int intOption(String[] args, String name, int fallback) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        return Integer.parseInt(args[i + 1]);
      }
    }
    return fallback;
  }
}
