package io.strata.remediator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.InjectTestKafka;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.topic.Topics;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.kube.ServedCluster;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The correlator writes incidents in exactly-once transactions (issue 16: the remediator once read
 * them read_uncommitted, so an aborted revision could be acted on). Here a transactional producer
 * writes one incident and aborts, then writes another on the same partition and commits: the
 * remediator proposes for the committed one only, although the aborted record is on the log before
 * it.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class AbortedIncidentTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  @InjectTestKafka TestKafka kafka;
  @KubernetesTestServer KubernetesServer server;

  @Inject TestClock clock;
  @Inject ActionJournal journal;

  @BeforeEach
  void setUp() {
    // Outside the other tests' blast-radius and rate-limit windows.
    clock.advance(Duration.ofHours(3));
  }

  @Test
  void anIncidentFromAnAbortedTransactionIsNeverActedOn() throws Exception {
    TestNodes.gpu(server.getClient(), "aborted-a", "committed-a", "aborted-b", "aborted-c");
    Instant now = clock.instant();
    Incident aborted =
        TestIncidents.deviceFault(
            "inc-aborted-1", 1, IncidentState.OPEN, List.of("aborted-a"), now, now);
    Incident committed =
        TestIncidents.deviceFault(
            "inc-committed-1", 1, IncidentState.OPEN, List.of("committed-a"), now, now);

    try (KafkaProducer<byte[], byte[]> producer = transactional()) {
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(record(aborted)).get();
      producer.abortTransaction();
      producer.beginTransaction();
      producer.send(record(committed));
      producer.commitTransaction();
    }

    String committedCordon =
        ActionIds.of(
            "inc-committed-1", 1, ActionType.CORDON_NODE, TargetGateway.node("committed-a"));
    await()
        .atMost(WAIT)
        .until(
            () ->
                journal.store().latest(committedCordon).map(a -> a.state()).orElse(null)
                    == ActionState.PROPOSED);
    // Both records are on partition 0, the aborted one first: the follower has read past it.
    assertThat(dataRecordsReadUncommitted()).isEqualTo(2);
    assertThat(
            journal
                .store()
                .history(
                    ActionIds.of(
                        "inc-aborted-1",
                        1,
                        ActionType.CORDON_NODE,
                        TargetGateway.node("aborted-a"))))
        .isEmpty();
    assertThat(journal.store().all())
        .filteredOn(a -> a.incidentId().equals("inc-aborted-1"))
        .isEmpty();
  }

  private static ProducerRecord<byte[], byte[]> record(Incident incident) {
    ProducerRecord<byte[], byte[]> record =
        new ProducerRecord<>(
            Topics.INCIDENTS.name(),
            0,
            Topics.INCIDENTS
                .keySerde()
                .serializer()
                .serialize(Topics.INCIDENTS.name(), incident.incidentId()),
            Topics.INCIDENTS
                .valueSerde()
                .serializer()
                .serialize(Topics.INCIDENTS.name(), incident));
    CloudEventHeaders.write(
        record.headers(),
        Topics.INCIDENTS.eventType(),
        "/strata/correlator",
        incident.incidentId(),
        incident.updatedAt());
    return record;
  }

  private KafkaProducer<byte[], byte[]> transactional() {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            kafka.bootstrapServers(),
            ProducerConfig.TRANSACTIONAL_ID_CONFIG,
            "test-correlator-aborts",
            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
            true),
        new ByteArraySerializer(),
        new ByteArraySerializer());
  }

  /** Data records on incidents partition 0 as a read_uncommitted reader sees them. */
  private long dataRecordsReadUncommitted() {
    TopicPartition partition = new TopicPartition(Topics.INCIDENTS.name(), 0);
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_uncommitted"),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      long count = 0;
      while (consumer.position(partition) < end) {
        count +=
            consumer.poll(Duration.ofMillis(200)).records(partition).stream()
                .map(r -> new String(r.key(), java.nio.charset.StandardCharsets.UTF_8))
                .filter(k -> k.equals("inc-aborted-1") || k.equals("inc-committed-1"))
                .count();
      }
      return count;
    }
  }
}
