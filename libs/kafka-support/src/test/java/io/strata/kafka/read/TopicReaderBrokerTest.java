package io.strata.kafka.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.embeddedkafka.EmbeddedKafkaCluster;
import io.strata.events.topic.NodePartitioning;
import io.strata.events.topic.PartitionsOnline;
import io.strata.events.topic.Topics;
import io.strata.kafka.produce.ProducerSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Against a real in-JVM broker: the shared producer settings partition node-partitioned topics by
 * node, and the reader stops at the end the topic had when reading began.
 */
class TopicReaderBrokerTest {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);
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
                  Topics.K8S_NODES.newTopic(6, (short) 1),
                  new NewTopic("reader-test", 3, (short) 1),
                  new NewTopic("reader-times", 2, (short) 1)))
          .all()
          .get();
      // Writable only once each partition's leader has opened it (PartitionsOnline).
      PartitionsOnline.await(
          admin, List.of(Topics.K8S_NODES.name(), "reader-test", "reader-times"), TIMEOUT);
    }
  }

  @AfterAll
  static void stopBroker() {
    kafka.close();
  }

  private static KafkaProducer<String, byte[]> producer(ProducerSettings settings) {
    return new KafkaProducer<>(
        settings.properties(), new StringSerializer(), new ByteArraySerializer());
  }

  @Test
  void aNodeRecordWhoseKeyNamesMoreThanTheNodeLandsOnTheNodesPartition() throws Exception {
    String key = "c1/node-7/GPU-0a1b";
    try (KafkaProducer<String, byte[]> producer =
        producer(
            ProducerSettings.reliable(kafka.bootstrapServers(), "test")
                .writing(List.of(Topics.K8S_NODES)))) {
      RecordMetadata written =
          producer.send(new ProducerRecord<>(Topics.K8S_NODES.name(), key, new byte[] {1})).get();

      assertThat(written.partition()).isEqualTo(NodePartitioning.partition("c1/node-7", 6));
    }
  }

  @Test
  void readsEveryPartitionToTheEndItHadWhenReadingBegan() throws Exception {
    try (KafkaProducer<String, byte[]> producer =
        producer(ProducerSettings.reliable(kafka.bootstrapServers(), "test"))) {
      for (int i = 0; i < 30; i++) {
        producer.send(new ProducerRecord<>("reader-test", "k" + i, new byte[] {(byte) i}));
      }
      producer.flush();
    }
    List<ConsumerRecord<String, byte[]>> read = new ArrayList<>();
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(
            TopicReader.readerSettings(kafka.bootstrapServers(), "reader-test"),
            new StringDeserializer(),
            new ByteArrayDeserializer())) {
      TopicReader.readToEnd(consumer, List.of("reader-test"), TIMEOUT, read::add);

      assertThat(consumer.assignment()).hasSize(3);
    }

    assertThat(read).hasSize(30);
    assertThat(read).extracting(ConsumerRecord::key).contains("k0", "k29");
  }

  @Test
  void readsFromTheFirstRecordAtATimeAndOnlyWhatCameSinceOnTheNextRead() throws Exception {
    long t0 = 1_764_576_000_000L; // 2025-12-01T08:00:00Z
    try (KafkaProducer<String, byte[]> producer =
        producer(ProducerSettings.reliable(kafka.bootstrapServers(), "test"))) {
      for (int i = 0; i < 10; i++) {
        producer.send(
            new ProducerRecord<>("reader-times", 0, t0 + i * 1000L, "k" + i, new byte[] {1}));
      }
      producer.flush();
      List<String> read = new ArrayList<>();
      try (KafkaConsumer<String, byte[]> consumer =
          new KafkaConsumer<>(
              TopicReader.readerSettings(kafka.bootstrapServers(), "reader-times", Map.of()),
              new StringDeserializer(),
              new ByteArrayDeserializer())) {
        List<TopicPartition> partitions =
            TopicReader.assignAll(consumer, List.of("reader-times"), TIMEOUT);
        TopicReader.seekToTime(consumer, partitions, Instant.ofEpochMilli(t0 + 6_000L));

        assertThat(TopicReader.readAvailable(consumer, partitions, TIMEOUT, r -> read.add(r.key())))
            .isTrue();
        assertThat(read).containsExactly("k6", "k7", "k8", "k9");
        // The empty partition had no record at that time: it was placed at its end, 0.
        assertThat(consumer.position(new TopicPartition("reader-times", 1))).isZero();

        producer.send(new ProducerRecord<>("reader-times", 1, "late", new byte[] {2})).get();
        read.clear();
        TopicReader.readAvailable(consumer, partitions, TIMEOUT, r -> read.add(r.key()));
        assertThat(read).containsExactly("late");
      }
    }
  }
}
