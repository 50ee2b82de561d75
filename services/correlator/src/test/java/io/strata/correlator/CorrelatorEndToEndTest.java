package io.strata.correlator;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.strata.correlator.core.incident.IncidentIds;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.Correlation;
import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import io.strata.events.deadletter.DeadLetter;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.Condition;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadKind;
import io.strata.events.remediation.ActionType;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

/**
 * One scenario end to end through the real topics on the in-JVM broker: an XID on a GPU serving a
 * workload becomes a DEVICE_FAULT incident on the incidents topic and in the REST API, and the
 * node's cordon (strata.k8s.nodes.v1) moves it to MITIGATING; poison records land on the
 * dead-letter topic with their reason and origin.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
class CorrelatorEndToEndTest {

  /** The %test viewer token of strata.correlator.api.tokens.console (application.properties). */
  static final String VIEWER_TOKEN = "strata-local-correlator-token-0123456789";

  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @InjectTestKafka TestKafka kafka;

  @Test
  void deviceXidOnAServingGpuBecomesAnIncidentOnTheTopicAndInTheApi() {
    String cluster = "e2e";
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      Instant now = Instant.now();
      PodState pod =
          new PodState(
              "uid-serve-0",
              Correlation.builder()
                  .cluster(cluster)
                  .namespace("ml")
                  .workload("serve")
                  .pod("serve-0")
                  .node("gpu-node-7")
                  .modelVersion("v4")
                  .build(),
              WorkloadKind.DEPLOYMENT,
              null,
              PodPhase.RUNNING,
              null,
              null,
              Map.of("nvidia.com/gpu", 1L),
              null,
              null,
              List.of(new AllocatedResource("server", "nvidia.com/gpu", "GPU-e2e-1", "Healthy")),
              0,
              null,
              "7",
              now,
              now);
      client.send(Topics.K8S_PODS, Keys.pod(cluster, "ml", "serve-0"), pod);
      DeviceSample sample =
          new DeviceSample(
              cluster,
              "gpu-node-7",
              "GPU-e2e-1",
              "0",
              null,
              "nvidia0",
              "NVIDIA H100",
              "550.54",
              null,
              null,
              new DeviceOwner(
                  "ml", "serve-0", "server", null, null, null, null, null, null, null, null, null),
              HealthStatus.PASS,
              Map.of(DeviceField.GPU_UTIL.key(), 88.0),
              null,
              0,
              "http://gpu-node-7:9400/metrics",
              now);
      // Samples come once per scrape; pods and samples arrive on different topics, so the first
      // sample may reach the node before its pod does. Scrape until the workload holds the GPU.
      await()
          .atMost(TIMEOUT)
          .pollInterval(Duration.ofMillis(500))
          .untilAsserted(
              () -> {
                client.send(
                    Topics.DEVICE_SAMPLES, Keys.gpu(cluster, "gpu-node-7", "GPU-e2e-1"), sample);
                given()
                    .auth()
                    .oauth2(VIEWER_TOKEN)
                    .when()
                    .get("/api/workloads/e2e/ml/serve")
                    .then()
                    .statusCode(200)
                    .body("view.gpus.GPU-e2e-1.pod_key", equalTo("e2e/ml/serve-0"));
              });
      client.send(
          Topics.DEVICE_XIDS,
          Keys.gpu(cluster, "gpu-node-7", "GPU-e2e-1"),
          new XidEvent(
              "xid-e2e",
              cluster,
              "gpu-node-7",
              "GPU-e2e-1",
              "0",
              79,
              "GPU_HAS_FALLEN_OFF_THE_BUS",
              "GPU has fallen off the bus",
              XidAction.RESTART_BM,
              XidOrigin.DEVICE,
              XidSource.XID_ERRORS_COUNT,
              1,
              DeviceOwner.none(),
              null,
              now));

      String expectedId =
          IncidentIds.of(IncidentClass.DEVICE_FAULT, cluster, "gpu-node-7/GPU-e2e-1", 1);
      List<ConsumerRecord<String, Incident>> records =
          client.readUntil(
              Topics.INCIDENTS,
              rs -> rs.stream().anyMatch(r -> r.key().equals(expectedId)),
              TIMEOUT);
      ConsumerRecord<String, Incident> record =
          records.stream().filter(r -> r.key().equals(expectedId)).findFirst().orElseThrow();
      Incident incident = record.value();
      assertThat(incident.incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
      assertThat(incident.state()).isEqualTo(IncidentState.OPEN);
      assertThat(incident.scope().workloads()).containsExactly("ml/serve");
      assertThat(incident.scope().modelVersions()).containsExactly("v4");
      assertThat(incident.suggestedActions())
          .containsExactly(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES);
      assertThat(incident.evidence().devices().get(0).fields())
          .containsEntry("gpu_util_percent", 88.0);
      CloudEventMetadata ce = CloudEventHeaders.read(record.headers()).orElseThrow();
      assertThat(ce.type()).isEqualTo(EventType.INCIDENT.ceType());
      assertThat(ce.source()).isEqualTo("/strata/correlator");
      assertThat(ce.id()).isEqualTo(expectedId + "/1");
      assertThat(ce.subject()).isEqualTo(expectedId);

      given()
          .auth()
          .oauth2(VIEWER_TOKEN)
          .queryParam("class", "DEVICE_FAULT")
          .when()
          .get("/api/incidents")
          .then()
          .statusCode(200)
          .body("incident_id", hasItem(expectedId));
      given()
          .auth()
          .oauth2(VIEWER_TOKEN)
          .when()
          .get("/api/incidents/" + expectedId)
          .then()
          .statusCode(200)
          .body("state", equalTo("OPEN"))
          .body("scope.nodes[0]", equalTo("gpu-node-7"));
      given()
          .auth()
          .oauth2(VIEWER_TOKEN)
          .when()
          .get("/api/workloads/e2e/ml/serve")
          .then()
          .statusCode(200)
          .body("view.gpus.GPU-e2e-1.node", equalTo("gpu-node-7"))
          .body("view.gpus_total", equalTo(1))
          .body("activity", equalTo("IDLE"));
      // One page at a time: after the only GPU nothing is left; a bad limit is refused, saying why.
      given()
          .auth()
          .oauth2(VIEWER_TOKEN)
          .when()
          .get("/api/workloads/e2e/ml/serve?limit=1&pods-limit=0&gpus-after=GPU-e2e-1")
          .then()
          .statusCode(200)
          .body("view.gpus.size()", equalTo(0))
          .body("view.pods.size()", equalTo(0))
          .body("view.gpus_total", equalTo(1));
      given()
          .auth()
          .oauth2(VIEWER_TOKEN)
          .when()
          .get("/api/workloads/e2e/ml/serve?limit=0")
          .then()
          .statusCode(400)
          .body(equalTo("limit must be 1..5000, was 0"));
      // The poller's answer: counts, last window and baselines, never the per-GPU and pod maps.
      given()
          .auth()
          .oauth2(VIEWER_TOKEN)
          .when()
          .get("/api/workloads/e2e/ml/serve/window")
          .then()
          .statusCode(200)
          .body("workload", equalTo("e2e/ml/serve"))
          .body("activity", equalTo("IDLE"))
          .body("gpus", equalTo(1))
          .body("pods", equalTo(1))
          .body("$", not(hasKey("view")));
      given()
          .auth()
          .oauth2(VIEWER_TOKEN)
          .when()
          .get("/api/incidents/inc-unknown")
          .then()
          .statusCode(404);

      // The remediator cordons the node; k8s-watcher publishes it: the fault is contained.
      client.send(
          Topics.K8S_NODES,
          Keys.node(cluster, "gpu-node-7"),
          new NodeState(
              cluster,
              "gpu-node-7",
              false,
              true,
              List.of(),
              List.of(new Condition("Ready", "True", null, null, now)),
              Map.of("nvidia.com/gpu", 8L),
              Map.of("nvidia.com/gpu", 8L),
              "H100",
              Map.of(),
              "8",
              now));
      Incident mitigating =
          client
              .readUntil(
                  Topics.INCIDENTS,
                  rs ->
                      rs.stream()
                          .anyMatch(
                              r ->
                                  r.key().equals(expectedId)
                                      && r.value().state() == IncidentState.MITIGATING),
                  TIMEOUT)
              .stream()
              .filter(r -> r.key().equals(expectedId))
              .map(ConsumerRecord::value)
              .filter(i -> i.state() == IncidentState.MITIGATING)
              .findFirst()
              .orElseThrow();
      assertThat(mitigating.evidence().notes())
          .anyMatch(n -> n.startsWith("node gpu-node-7 cordoned (spec.unschedulable)"));
      given()
          .auth()
          .oauth2(VIEWER_TOKEN)
          .when()
          .get("/api/incidents/" + expectedId)
          .then()
          .statusCode(200)
          .body("state", equalTo("MITIGATING"));
    }
  }

  @Test
  void unreadableAndUnprocessableRecordsGoToTheDeadLetterTopic() {
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      byte[] garbage = "{not json".getBytes(StandardCharsets.UTF_8);
      client.sendRaw(
          Topics.DEVICE_SAMPLES.name(), "c/n/GPU-bad".getBytes(StandardCharsets.UTF_8), garbage);
      // Valid JSON, but a sample without cluster and node cannot be routed to a node.
      DeviceSample orphan =
          new DeviceSample(
              null,
              null,
              "GPU-orphan",
              "0",
              null,
              null,
              null,
              null,
              null,
              null,
              null,
              HealthStatus.PASS,
              Map.of(),
              null,
              null,
              null,
              Instant.now());
      client.send(Topics.DEVICE_SAMPLES, "orphan", orphan);

      List<ConsumerRecord<byte[], byte[]>> dead =
          client.readUntil(
              Topics.DEADLETTER,
              rs ->
                  reasons(rs)
                      .containsAll(
                          List.of(
                              DeadLetterReason.DESERIALIZATION_FAILED,
                              DeadLetterReason.PROCESSING_FAILED)),
              TIMEOUT);
      ConsumerRecord<byte[], byte[]> unreadable =
          dead.stream().filter(r -> Arrays.equals(r.value(), garbage)).findFirst().orElseThrow();
      DeadLetter letter = DeadLetterHeaders.read(unreadable.headers()).orElseThrow();
      assertThat(letter.reason()).isEqualTo(DeadLetterReason.DESERIALIZATION_FAILED);
      assertThat(letter.originTopic()).isEqualTo(Topics.DEVICE_SAMPLES.name());
      assertThat(letter.originOffset()).isGreaterThanOrEqualTo(0);
      assertThat(letter.service()).isEqualTo("correlator");
      assertThat(letter.detail()).contains("MALFORMED_JSON");
      assertThat(new String(unreadable.key(), StandardCharsets.UTF_8)).isEqualTo("c/n/GPU-bad");

      ConsumerRecord<byte[], byte[]> unprocessable =
          dead.stream()
              .filter(r -> "orphan".equals(new String(r.key(), StandardCharsets.UTF_8)))
              .findFirst()
              .orElseThrow();
      DeadLetter processing = DeadLetterHeaders.read(unprocessable.headers()).orElseThrow();
      assertThat(processing.reason()).isEqualTo(DeadLetterReason.PROCESSING_FAILED);
      assertThat(processing.originTopic()).isEqualTo(Topics.DEVICE_SAMPLES.name());
      assertThat(processing.detail()).contains("a key part is missing");
      assertThat(new String(unprocessable.value(), StandardCharsets.UTF_8)).contains("GPU-orphan");
      assertThat(processing.detail()).startsWith("in samples-by-node: ");

      // Written by the app's own producer inside its transactions, so a replay after an abort
      // cannot park a record twice: the partition holds commit markers besides the letters.
      TopicPartition partition =
          new TopicPartition(Topics.DEADLETTER.name(), unreadable.partition());
      assertThat(controlRecords(client.bootstrapServers(), partition))
          .as("commit markers on %s", partition)
          .isPositive();
    }
  }

  /** Offsets on {@code partition} that hold no data record: transaction markers. */
  private static long controlRecords(String bootstrap, TopicPartition partition) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrap,
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_uncommitted",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false);
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      long data = 0;
      while (consumer.position(partition) < end) {
        data += consumer.poll(java.time.Duration.ofMillis(500)).count();
      }
      return end - data;
    }
  }

  private static List<DeadLetterReason> reasons(List<ConsumerRecord<byte[], byte[]>> records) {
    return records.stream()
        .map(r -> DeadLetterHeaders.read(r.headers()))
        .flatMap(java.util.Optional::stream)
        .filter(d -> "correlator".equals(d.service()))
        .map(DeadLetter::reason)
        .toList();
  }
}
