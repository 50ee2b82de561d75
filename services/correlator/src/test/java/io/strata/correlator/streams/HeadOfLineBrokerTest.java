package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.embeddedkafka.KafkaProvider;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.topic.Keys;
import io.strata.events.topic.NodePartitioner;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.processor.UsePartitionTimeOnInvalidTimestamp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Timestamp synchronisation on a real broker, which TopologyTestDriver cannot show (it processes in
 * pipe order): a correlator starting on a backlog of older device samples judges an XID of the same
 * node partition ahead of that backlog (ADR 039).
 *
 * <p>Counted, not timed: under exactly_once_v2 the incident becomes readable (read_committed) in
 * the transaction that also commits the input offsets processed so far, so the group's committed
 * sample offset read after the incident is an upper bound of the samples judged before it.
 */
class HeadOfLineBrokerTest {

  /**
   * Large against what the thread judges while the incident travels to the test's reader (a poll
   * interval, the admin round trip: 16 k here, 33 k on the CI runner of 2026-12-02), so the
   * half-way bound below holds on any machine and still fails if the XID waited for the backlog.
   */
  private static final int BACKLOG = 150_000;

  private static final String NODE = "n1";
  private static final String GPU = "GPU-1";
  private static final Duration TIMEOUT = Duration.ofSeconds(90);

  // The state dirs live under it; JUnit deletes it after the class.
  @TempDir static Path stateRoot;

  @Test
  void anXidBehindAnOlderSampleBacklogBecomesAnIncidentWhileMostOfTheBacklogIsUnprocessed()
      throws Exception {
    try (TestKafka kafka = KafkaProvider.configured().start(1);
        Admin admin =
            Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      // Every sample and the XID are of one node, so on one partition and one task.
      // The broker comes with Strata's topics (KafkaProvider); create whatever is missing.
      Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
      admin
          .createTopics(
              Topics.all().stream()
                  .filter(t -> !existing.contains(t.name()))
                  .map(t -> t.newTopic(1, (short) 1))
                  .toList())
          .all()
          .get(30, TimeUnit.SECONDS);
      int nodePartitions =
          admin
              .describeTopics(List.of(Topics.DEVICE_SAMPLES.name()))
              .allTopicNames()
              .get(30, TimeUnit.SECONDS)
              .get(Topics.DEVICE_SAMPLES.name())
              .partitions()
              .size();
      // Millisecond precision: the device-incident side opens at the record's timestamp.
      Instant xidAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
      // Every sample older than the XID, as a backlog is: 50 ms apart, the newest a minute before.
      Instant backlogStart = xidAt.minus(Duration.ofMinutes(1)).minusMillis(BACKLOG * 50L);
      AtomicReference<Exception> sendFailure = new AtomicReference<>();
      try (KafkaProducer<String, byte[]> producer = producer(kafka.bootstrapServers())) {
        for (int i = 0; i < BACKLOG; i++) {
          String gpu = "GPU-" + (1 + i % 8);
          send(
              producer,
              sendFailure,
              Topics.DEVICE_SAMPLES,
              Keys.gpu(Scenario.CLUSTER, NODE, gpu),
              Scenario.sample(NODE, gpu, null, HealthStatus.PASS, Scenario.normalFields(50)),
              backlogStart.plusMillis(i * 50L));
        }
        send(
            producer,
            sendFailure,
            Topics.DEVICE_XIDS,
            Keys.gpu(Scenario.CLUSTER, NODE, GPU),
            Scenario.xid79(NODE, GPU, xidAt),
            xidAt);
        producer.flush();
      }
      assertThat(sendFailure.get()).as("the first record the broker refused").isNull();

      String applicationId = "head-of-line-" + System.nanoTime();
      try (KafkaStreams streams =
          new KafkaStreams(
              CorrelatorTopology.build(
                  settings(nodePartitions), new CorrelatorMetrics(new SimpleMeterRegistry())),
              streamsConfig(kafka.bootstrapServers(), applicationId))) {
        streams.start();
        List<ConsumerRecord<String, Incident>> incidents;
        try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
          incidents =
              client.readUntil(
                  Topics.INCIDENTS,
                  read -> read.stream().anyMatch(HeadOfLineBrokerTest::isTheFault),
                  TIMEOUT);
        }
        long samplesCommitted = committed(admin, applicationId, Topics.DEVICE_SAMPLES);

        assertThat(incidents).anyMatch(HeadOfLineBrokerTest::isTheFault);
        Incident incident =
            incidents.stream()
                .filter(HeadOfLineBrokerTest::isTheFault)
                .findFirst()
                .orElseThrow()
                .value();
        // The XID's own time, not the placeholder it was queued with.
        assertThat(incident.openedAt()).isEqualTo(xidAt);
        assertThat(samplesCommitted)
            .as("samples committed by the time the XID's incident was read, of %d", BACKLOG)
            .isLessThan(BACKLOG / 2);
      }
    }
  }

  private static boolean isTheFault(ConsumerRecord<String, Incident> record) {
    Incident incident = record.value();
    return incident != null
        && incident.incidentClass() == IncidentClass.DEVICE_FAULT
        && incident.scope().gpuUuids().equals(List.of(GPU));
  }

  private static CorrelatorSettings settings(int nodePartitions) {
    CorrelatorSettings s = Scenario.settings();
    return new CorrelatorSettings(
        s.traces(),
        s.windows(),
        s.regression(),
        s.lifecycle(),
        s.ownership(),
        s.device(),
        s.alerts(),
        1,
        nodePartitions,
        Materialized.StoreType.IN_MEMORY);
  }

  private static Properties streamsConfig(String bootstrapServers, String applicationId)
      throws Exception {
    Path stateDir = Files.createTempDirectory(stateRoot, "head-of-line-");
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    // As the service runs (application.properties): exactly-once, the same default extractor.
    props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    props.put(
        StreamsConfig.DEFAULT_TIMESTAMP_EXTRACTOR_CLASS_CONFIG,
        UsePartitionTimeOnInvalidTimestamp.class.getName());
    props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
    props.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 1);
    return props;
  }

  /** The group's committed offsets summed over the topic's partitions (one holds the node). */
  private static long committed(Admin admin, String groupId, Topic<?, ?> topic) throws Exception {
    Map<TopicPartition, OffsetAndMetadata> offsets =
        admin
            .listConsumerGroupOffsets(groupId)
            .partitionsToOffsetAndMetadata()
            .get(30, TimeUnit.SECONDS);
    return offsets.entrySet().stream()
        .filter(e -> e.getKey().topic().equals(topic.name()) && e.getValue() != null)
        .mapToLong(e -> e.getValue().offset())
        .sum();
  }

  private static KafkaProducer<String, byte[]> producer(String bootstrapServers) {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers,
            ProducerConfig.PARTITIONER_CLASS_CONFIG,
            NodePartitioner.class.getName(),
            ProducerConfig.LINGER_MS_CONFIG,
            20,
            ProducerConfig.BATCH_SIZE_CONFIG,
            256 * 1024),
        new StringSerializer(),
        new ByteArraySerializer());
  }

  /**
   * As every Strata producer writes: the event's time as the record's, CloudEvents headers. A
   * record the broker refuses is remembered, so the backlog is what the test says it is.
   */
  private static <V> void send(
      KafkaProducer<String, byte[]> producer,
      AtomicReference<Exception> failure,
      Topic<String, V> topic,
      String key,
      V value,
      Instant at) {
    ProducerRecord<String, byte[]> record =
        new ProducerRecord<>(
            topic.name(),
            null,
            at.toEpochMilli(),
            key,
            topic.valueSerde().serializer().serialize(topic.name(), value));
    CloudEventHeaders.write(record.headers(), topic.eventType(), "/strata/test", key, at);
    producer.send(
        record,
        (metadata, e) -> {
          if (e != null) {
            failure.compareAndSet(null, e);
          }
        });
  }
}
