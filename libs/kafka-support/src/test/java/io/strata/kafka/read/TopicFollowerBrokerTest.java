package io.strata.kafka.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.embeddedkafka.EmbeddedKafkaCluster;
import io.strata.kafka.produce.ProducerSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The follow-forever loop against a real in-JVM broker: where it starts, when it is caught up, and
 * what a missing topic, a throwing callback and an Error do to it.
 */
class TopicFollowerBrokerTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static EmbeddedKafkaCluster kafka;
  private static KafkaProducer<String, byte[]> producer;

  @BeforeAll
  static void startBroker() throws Exception {
    kafka = EmbeddedKafkaCluster.start(1);
    createTopics(
        new NewTopic("follow-all", 3, (short) 1),
        new NewTopic("follow-end", 1, (short) 1),
        new NewTopic("follow-poison", 1, (short) 1),
        new NewTopic("follow-error", 1, (short) 1));
    producer =
        new KafkaProducer<>(
            ProducerSettings.reliable(kafka.bootstrapServers(), "test").properties(),
            new StringSerializer(),
            new ByteArraySerializer());
  }

  @AfterAll
  static void stopBroker() {
    producer.close();
    kafka.close();
  }

  private static void createTopics(NewTopic... topics) throws Exception {
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      admin.createTopics(List.of(topics)).all().get();
    }
  }

  private static void write(String topic, String... keys) throws Exception {
    for (String key : keys) {
      producer.send(new ProducerRecord<>(topic, key, new byte[] {1})).get();
    }
  }

  private static TopicFollowerBuilder<String, byte[]> follower(String name) {
    return TopicFollower.builder(
            name,
            TopicFollower.followerSettings(kafka.bootstrapServers(), name, Map.of()),
            StringDeserializer::new,
            ByteArrayDeserializer::new)
        .pollTimeout(Duration.ofMillis(100))
        .retryEvery(Duration.ofMillis(200));
  }

  @Test
  void readsEveryPartitionFromTheBeginningIsCaughtUpOnceThenKeepsFollowing() throws Exception {
    for (int i = 0; i < 10; i++) {
      write("follow-all", "k" + i);
    }
    AtomicInteger caughtUp = new AtomicInteger();
    List<String> read = new CopyOnWriteArrayList<>();
    TopicFollower<String, byte[]> follower =
        follower("follow-all")
            .follow("follow-all", StartAt.beginning())
            .onCaughtUp(caughtUp::incrementAndGet)
            .onBatch(batch -> batch.forEach(r -> read.add(r.key())));
    try (follower) {
      follower.start();

      await().atMost(WAIT).until(follower::caughtUp);
      assertThat(read).hasSize(10);
      assertThat(follower.partitions()).isEqualTo(3);
      assertThat(follower.problem()).isEqualTo(FollowProblem.NONE);

      write("follow-all", "late");
      await().atMost(WAIT).until(() -> read.contains("late"));
      assertThat(follower.records()).isEqualTo(11);
      assertThat(caughtUp).hasValue(1);
    }
    assertThat(follower.problem()).isEqualTo(FollowProblem.CLOSED);
    assertThat(follower.partitions()).isZero();
  }

  @Test
  void fromTheEndOnlyWhatIsWrittenAfterTheAssignmentIsRead() throws Exception {
    write("follow-end", "old-1", "old-2");
    List<String> read = new CopyOnWriteArrayList<>();
    try (TopicFollower<String, byte[]> follower =
        follower("follow-end")
            .follow("follow-end", StartAt.end())
            .onEachRecord(r -> read.add(r.key()))) {
      follower.start();
      // Positioned at the end it had: caught up without reading anything.
      await().atMost(WAIT).until(follower::caughtUp);

      write("follow-end", "new");
      await().atMost(WAIT).until(() -> follower.records() == 1);
      assertThat(read).containsExactly("new");
    }
  }

  @Test
  void aMissingTopicIsShownWithItsReasonAndFollowedOnceItExists() throws Exception {
    List<String> read = new CopyOnWriteArrayList<>();
    try (TopicFollower<String, byte[]> follower =
        follower("follow-later")
            .follow("follow-later", StartAt.beginning())
            .onEachRecord(r -> read.add(r.key()))) {
      follower.start();
      await().atMost(WAIT).until(() -> follower.problem() == FollowProblem.TOPIC_MISSING);
      assertThat(follower.detail()).isEqualTo("topic follow-later has no partitions");
      assertThat(follower.caughtUp()).isFalse();

      createTopics(new NewTopic("follow-later", 2, (short) 1));
      write("follow-later", "first");
      await().atMost(WAIT).until(() -> read.contains("first"));
      assertThat(follower.problem()).isEqualTo(FollowProblem.NONE);
      assertThat(follower.partitions()).isEqualTo(2);
      assertThat(follower.failures()).isPositive();
    }
  }

  @Test
  void aRecordWhoseHandlerThrowsIsCountedAndTheOthersAreStillRead() throws Exception {
    write("follow-poison", "a", "poison", "b");
    List<String> read = new CopyOnWriteArrayList<>();
    try (TopicFollower<String, byte[]> follower =
        follower("follow-poison")
            .follow("follow-poison", StartAt.beginning())
            .onEachRecord(
                r -> {
                  if (r.key().equals("poison")) {
                    throw new IllegalArgumentException("cannot take " + r.key());
                  }
                  read.add(r.key());
                })) {
      follower.start();

      await().atMost(WAIT).until(() -> read.size() == 2);
      assertThat(read).containsExactly("a", "b");
      assertThat(follower.handlerFailures()).isEqualTo(1);
      assertThat(follower.records()).isEqualTo(3);
      assertThat(follower.problem()).isEqualTo(FollowProblem.NONE);
    }
  }

  @Test
  void anErrorEndsTheThreadAndSaysSo() throws Exception {
    write("follow-error", "fatal");
    try (TopicFollower<String, byte[]> follower =
        follower("follow-error")
            .follow("follow-error", StartAt.beginning())
            .onEachRecord(
                (ConsumerRecord<String, byte[]> r) -> {
                  throw new StackOverflowError("handler recursed");
                })) {
      follower.start();

      // The Error does reach the thread's uncaught-exception handler: Awaitility must not fail on
      // it.
      await()
          .dontCatchUncaughtExceptions()
          .atMost(WAIT)
          .until(() -> follower.problem() == FollowProblem.THREAD_DIED);
      assertThat(follower.detail()).isEqualTo("java.lang.StackOverflowError: handler recursed");
      assertThat(follower.partitions()).isZero();
    }
  }
}
