package io.strata.console.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.console.Fixtures;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.topic.KeyPartitioning;
import io.strata.events.topic.NodePartitioning;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The incident page reads its telemetry on demand against a real in-JVM broker: only its GPU's node
 * partition and its exemplar trace's partition, and of those only its GPU's samples and its trace's
 * spans.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(FakeUpstreams.class)
class IncidentDetailReadTest {

  private static final String INCIDENT = "inc-detail-read";
  private static final String CLUSTER = "local";
  private static final int PARTITIONS = 6;

  @InjectTestKafka TestKafka kafka;
  @Inject MeterRegistry metrics;

  @Test
  void thePageReadsOnlyItsGpusNodePartitionAndItsTracesPartition() {
    Instant opened = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    int nodePartition = NodePartitioning.partition(CLUSTER + "/" + Fixtures.NODE, PARTITIONS);
    // Another node on another partition, whose GPU the incident does not name.
    String otherNode = firstMatching("node-", n -> partitionOfNode(n) != nodePartition);
    // Not on the partition of Fixtures' trace, which ConsoleFlowTest may have written just now.
    int fixturePartition = KeyPartitioning.partition(Fixtures.TRACE, PARTITIONS);
    String trace =
        firstMatching(
            "a1b2c3d4", t -> KeyPartitioning.partition(t, PARTITIONS) != fixturePartition);
    int tracePartition = KeyPartitioning.partition(trace, PARTITIONS);
    String neighbourTrace =
        firstMatching("d4c3b2a1", t -> KeyPartitioning.partition(t, PARTITIONS) == tracePartition);
    String farTrace =
        firstMatching("f0e1d2c3", t -> KeyPartitioning.partition(t, PARTITIONS) != tracePartition);
    int farPartition = KeyPartitioning.partition(farTrace, PARTITIONS);
    // Other tests of this Quarkus app may have read these partitions already: count from here.
    double samplesBefore = read(Topics.DEVICE_SAMPLES.name(), nodePartition);
    double otherNodeBefore = read(Topics.DEVICE_SAMPLES.name(), partitionOfNode(otherNode));
    double spansBefore = read(Topics.TRACE_SPANS.name(), tracePartition);
    double farBefore = read(Topics.TRACE_SPANS.name(), farPartition);

    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      for (int i = 0; i < 3; i++) {
        Instant at = opened.minusSeconds(10 - i);
        send(client, sample(Fixtures.NODE, Fixtures.GPU, at, 70 + i));
        // Same node and partition, another GPU: skipped by its key.
        send(client, sample(Fixtures.NODE, "GPU-neighbour", at, 50 + i));
        send(client, sample(otherNode, "GPU-far", at, 90 + i));
      }
      spans(trace, "wanted").forEach(s -> client.send(Topics.TRACE_SPANS, s.traceId(), s));
      spans(neighbourTrace, "neighbour")
          .forEach(s -> client.send(Topics.TRACE_SPANS, s.traceId(), s));
      spans(farTrace, "far").forEach(s -> client.send(Topics.TRACE_SPANS, s.traceId(), s));
      client.send(Topics.INCIDENTS, INCIDENT, incident(opened, trace));
    }

    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                given()
                    .get("/console/api/incidents/" + INCIDENT)
                    .then()
                    .statusCode(200)
                    .body("gpu_sparklines", hasSize(1))
                    .body("gpu_sparklines[0].gpu_uuid", equalTo(Fixtures.GPU))
                    .body("gpu_sparklines[0].fields[0].label", equalTo("temperature"))
                    .body("gpu_sparklines[0].fields[0].values", contains(70.0f, 71.0f, 72.0f))
                    .body("waterfalls[0].spans_kept", equalTo(true))
                    .body(
                        "waterfalls[0].bars.name",
                        contains("wanted request", "wanted queue", "wanted execute")));

    // The node's partition: its GPU's 3 samples and its neighbour's 3, read once (the page's
    // refreshes within the refresh interval read nothing; a later tail read finds no new record).
    assertThat(read(Topics.DEVICE_SAMPLES.name(), nodePartition) - samplesBefore).isEqualTo(6.0);
    assertThat(read(Topics.DEVICE_SAMPLES.name(), partitionOfNode(otherNode)) - otherNodeBefore)
        .isZero();
    // The trace's partition: its 3 spans and its neighbour's 3; the far trace's never.
    assertThat(read(Topics.TRACE_SPANS.name(), tracePartition) - spansBefore).isEqualTo(6.0);
    assertThat(read(Topics.TRACE_SPANS.name(), farPartition) - farBefore).isZero();
  }

  /** Records the on-demand reader scanned on one partition (0 when it never read it). */
  private double read(String topic, int partition) {
    Counter counter =
        metrics
            .find("strata.console.detail.records.read")
            .tags("topic", topic, "partition", String.valueOf(partition))
            .counter();
    return counter == null ? 0 : counter.count();
  }

  private static int partitionOfNode(String node) {
    return NodePartitioning.partition(CLUSTER + "/" + node, PARTITIONS);
  }

  private static String firstMatching(
      String prefix, java.util.function.Predicate<String> condition) {
    return IntStream.range(0, 1000)
        .mapToObj(i -> prefix + String.format("%024d", i))
        .filter(condition)
        .findFirst()
        .orElseThrow();
  }

  private static void send(KafkaTestClient client, DeviceSample sample) {
    client.send(
        Topics.DEVICE_SAMPLES,
        sample.cluster() + "/" + sample.node() + "/" + sample.gpuUuid(),
        sample);
  }

  private static DeviceSample sample(String node, String gpu, Instant at, double temperature) {
    return Fixtures.sample(node, gpu, at, temperature, HealthStatus.PASS);
  }

  /** Fixtures' three spans under another trace id and names. */
  private static List<SpanSummary> spans(String traceId, String prefix) {
    List<SpanSummary> base = Fixtures.spans();
    List<String> names = List.of(prefix + " request", prefix + " queue", prefix + " execute");
    return IntStream.range(0, base.size())
        .mapToObj(
            i -> {
              SpanSummary s = base.get(i);
              return new SpanSummary(
                  traceId,
                  s.spanId(),
                  s.parentSpanId(),
                  names.get(i),
                  s.stage(),
                  s.root(),
                  s.kind(),
                  s.start(),
                  s.durationNanos(),
                  s.status(),
                  s.statusMessage(),
                  s.serviceName(),
                  s.correlation(),
                  s.gpuUuid(),
                  s.outputTokens(),
                  s.receivedAt());
            })
        .toList();
  }

  /** Fixtures' XID incident on GPU (gpu-node-003), its one exemplar {@code trace}. */
  private static Incident incident(Instant opened, String trace) {
    return Fixtures.withExemplars(
        Fixtures.incident(
            INCIDENT, 1, IncidentState.OPEN, CLUSTER, "inference", "llm-serve", opened),
        List.of(
            new ExemplarTrace(
                trace,
                1840.0,
                Stage.GPU_EXECUTE,
                Map.of(Stage.QUEUE_WAIT, 20.0, Stage.GPU_EXECUTE, 1700.0),
                "llm-serve-7c9f-abcde",
                Fixtures.NODE,
                Fixtures.GPU)));
  }
}
