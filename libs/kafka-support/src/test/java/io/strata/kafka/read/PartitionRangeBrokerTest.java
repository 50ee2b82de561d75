package io.strata.kafka.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.embeddedkafka.EmbeddedKafkaCluster;
import io.strata.events.topic.KeyPartitioning;
import io.strata.events.topic.PartitionsOnline;
import io.strata.kafka.produce.ProducerSettings;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Against a real in-JVM broker: one partition read between two record times, within bounds. */
class PartitionRangeBrokerTest {

  private static final String TOPIC = "range-test";
  private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
  private static final PartitionRange.Bounds GENEROUS =
      new PartitionRange.Bounds(1_000, Duration.ofSeconds(30));
  // Recent times, so the broker's default retention never deletes them during the test.
  private static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60);

  private static EmbeddedKafkaCluster kafka;

  @BeforeAll
  static void startBroker() throws Exception {
    kafka = EmbeddedKafkaCluster.start(1);
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      admin
          .createTopics(
              List.of(
                  new NewTopic(TOPIC, 2, (short) 1), new NewTopic(TOPIC + "-keys", 6, (short) 1)))
          .all()
          .get();
      // Writable only once each partition's leader has opened it (PartitionsOnline).
      PartitionsOnline.await(admin, List.of(TOPIC, TOPIC + "-keys"), Duration.ofSeconds(30));
    }
    try (KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(
            ProducerSettings.reliable(kafka.bootstrapServers(), "test").properties(),
            new StringSerializer(),
            new ByteArraySerializer())) {
      for (int i = 0; i < 10; i++) {
        long at = T0.plusSeconds(i).toEpochMilli();
        producer.send(new ProducerRecord<>(TOPIC, 0, at, "p0-" + i, new byte[] {1}));
        producer.send(new ProducerRecord<>(TOPIC, 1, at, "p1-" + i, new byte[] {1}));
      }
      producer.flush();
    }
  }

  @AfterAll
  static void stopBroker() {
    kafka.close();
  }

  private static KafkaConsumer<String, byte[]> consumer() {
    return new KafkaConsumer<>(
        TopicReader.readerSettings(kafka.bootstrapServers(), "range-test"),
        new StringDeserializer(),
        new ByteArrayDeserializer());
  }

  @Test
  void readsOnlyTheOnePartitionFromTheFirstTimeUpToTheSecond() {
    List<String> read = new ArrayList<>();
    try (KafkaConsumer<String, byte[]> consumer = consumer()) {
      PartitionRange.Result result =
          PartitionRange.between(
              consumer, P0, T0.plusSeconds(3), T0.plusSeconds(6), GENEROUS, r -> read.add(r.key()));

      assertThat(read).containsExactly("p0-3", "p0-4", "p0-5");
      assertThat(result)
          .isEqualTo(new PartitionRange.Result(3, 6, PartitionRange.Stop.REACHED_END));
      assertThat(consumer.assignment()).containsExactly(P0);
    }
  }

  @Test
  void anEndTimeAfterTheLastRecordReadsToThePartitionsEnd() {
    List<String> read = new ArrayList<>();
    try (KafkaConsumer<String, byte[]> consumer = consumer()) {
      PartitionRange.Result result =
          PartitionRange.between(
              consumer,
              P0,
              T0.plusSeconds(8),
              T0.plusSeconds(3600),
              GENEROUS,
              r -> read.add(r.key()));

      assertThat(read).containsExactly("p0-8", "p0-9");
      assertThat(result.nextOffset()).isEqualTo(10);
    }
  }

  @Test
  void aRecordLimitStopsTheReadAndALaterReadContinuesWhereItStopped() {
    List<String> read = new ArrayList<>();
    PartitionRange.Bounds two = new PartitionRange.Bounds(2, Duration.ofSeconds(30));
    try (KafkaConsumer<String, byte[]> consumer = consumer()) {
      PartitionRange.Result first =
          PartitionRange.between(consumer, P0, T0, T0.plusSeconds(5), two, r -> read.add(r.key()));
      assertThat(first)
          .isEqualTo(new PartitionRange.Result(2, 2, PartitionRange.Stop.RECORD_LIMIT));

      PartitionRange.Result second =
          PartitionRange.continueAt(
              consumer, P0, first.nextOffset(), T0.plusSeconds(5), two, r -> read.add(r.key()));
      PartitionRange.Result third =
          PartitionRange.continueAt(
              consumer, P0, second.nextOffset(), T0.plusSeconds(5), two, r -> read.add(r.key()));

      assertThat(second)
          .isEqualTo(new PartitionRange.Result(2, 4, PartitionRange.Stop.RECORD_LIMIT));
      assertThat(third).isEqualTo(new PartitionRange.Result(1, 5, PartitionRange.Stop.REACHED_END));
      assertThat(read).containsExactly("p0-0", "p0-1", "p0-2", "p0-3", "p0-4");
    }
  }

  @Test
  void aKeyedRecordLandsWhereKeyPartitioningSaysSoAReaderCanFindItsOnePartition() throws Exception {
    try (KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(
            // Kafka's default partitioner, as trace-ingest's span producer has.
            ProducerSettings.reliable(kafka.bootstrapServers(), "test").properties(),
            new StringSerializer(),
            new ByteArraySerializer())) {
      for (String key : List.of("0febc3c64f21193e350d3c5c2ce03920", "trace-b", "trace-c")) {
        int written =
            producer
                .send(new ProducerRecord<>(TOPIC + "-keys", key, new byte[] {1}))
                .get()
                .partition();

        assertThat(written).as(key).isEqualTo(KeyPartitioning.partition(key, 6));
      }
    }
  }

  @Test
  void aRangeWithNoRecordsReadsNothing() {
    try (KafkaConsumer<String, byte[]> consumer = consumer()) {
      PartitionRange.Result result =
          PartitionRange.between(
              consumer,
              P0,
              T0.plusSeconds(100),
              T0.plusSeconds(200),
              GENEROUS,
              r -> {
                throw new AssertionError("nothing to read: " + r.key());
              });

      assertThat(result)
          .isEqualTo(new PartitionRange.Result(0, 10, PartitionRange.Stop.REACHED_END));
    }
  }
}
