package io.strata.e2e;

import io.strata.events.topic.Topic;
import io.strata.kafka.read.FollowProblem;
import io.strata.kafka.read.StartAt;
import io.strata.kafka.read.TopicFollower;
import io.strata.kafka.read.TopicFollowerBuilder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Follows Strata's output topics from the beginning on a thread of its own and keeps every record
 * with its arrival time, so the test can ask "what appeared after the fault" and measure how long
 * it took. Records that do not deserialise are kept as failures and fail the test.
 */
final class TopicRecorder implements AutoCloseable {

  private final Map<String, Topic<?, ?>> topics = new ConcurrentHashMap<>();
  private final Map<String, List<Observed<?>>> seen = new ConcurrentHashMap<>();
  private final List<String> failures = new CopyOnWriteArrayList<>();
  private final Clock clock;
  private final TopicFollower<byte[], byte[]> follower;

  TopicRecorder(String bootstrapServers, Clock clock, List<Topic<?, ?>> followed) {
    this.clock = clock;
    TopicFollowerBuilder<byte[], byte[]> builder =
        TopicFollower.builder(
                "e2e-topic-recorder",
                TopicFollower.followerSettings(bootstrapServers, "strata-e2e-recorder", Map.of()),
                ByteArrayDeserializer::new,
                ByteArrayDeserializer::new)
            .pollTimeout(Duration.ofMillis(200))
            .metadataTimeout(Duration.ofSeconds(60));
    for (Topic<?, ?> topic : followed) {
      topics.put(topic.name(), topic);
      seen.put(topic.name(), new CopyOnWriteArrayList<>());
      builder.follow(topic.name(), StartAt.beginning());
    }
    // kafka-support's follow loop: reconnects after a fault, and says so if its thread dies.
    follower = builder.onEachRecord(this::keep);
    follower.start();
  }

  private <K, V> void keep(ConsumerRecord<byte[], byte[]> record) {
    @SuppressWarnings("unchecked")
    Topic<K, V> topic = (Topic<K, V>) topics.get(record.topic());
    Instant now = clock.instant();
    if (record.value() == null) {
      return; // a tombstone of a compacted topic
    }
    try {
      K key = topic.keySerde().deserializer().deserialize(record.topic(), record.key());
      V value = topic.valueSerde().deserializer().deserialize(record.topic(), record.value());
      seen.get(record.topic()).add(new Observed<>(String.valueOf(key), value, now));
    } catch (RuntimeException e) {
      failures.add(record.topic() + "@" + record.offset() + ": " + e.getMessage());
    }
  }

  /** Every value of {@code topic} received at or after {@code since} that matches. */
  <V> List<Observed<V>> since(Topic<?, V> topic, Instant since, Predicate<V> matches) {
    List<Observed<V>> out = new ArrayList<>();
    for (Observed<?> observed : seen.get(topic.name())) {
      @SuppressWarnings("unchecked")
      Observed<V> typed = (Observed<V>) observed;
      if (!typed.receivedAt().isBefore(since) && matches.test(typed.value())) {
        out.add(typed);
      }
    }
    return out;
  }

  List<String> failures() {
    List<String> all = new ArrayList<>(failures);
    if (follower.problem() == FollowProblem.THREAD_DIED) {
      all.add("the recorder stopped: " + follower.detail());
    }
    return all;
  }

  @Override
  public void close() {
    follower.close();
  }
}
