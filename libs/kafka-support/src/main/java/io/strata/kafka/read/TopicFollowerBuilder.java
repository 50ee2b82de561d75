package io.strata.kafka.read;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/** What a {@link TopicFollower} follows, from where, and how patiently; ends with its callback. */
public final class TopicFollowerBuilder<K, V> {

  final String name;
  final Supplier<org.apache.kafka.clients.consumer.Consumer<K, V>> consumers;
  final Map<String, StartAt> topics = new LinkedHashMap<>();
  final Set<String> catchUp = new LinkedHashSet<>();
  Duration pollTimeout = Duration.ofMillis(500);
  Duration retry = Duration.ofSeconds(1);
  Duration metadataTimeout = Duration.ofSeconds(10);
  Runnable onCaughtUp = () -> {};

  /**
   * @param consumers makes a fresh consumer for each (re)connection; the follower closes it
   */
  public TopicFollowerBuilder(
      String name, Supplier<org.apache.kafka.clients.consumer.Consumer<K, V>> consumers) {
    this.name = Objects.requireNonNull(name);
    this.consumers = Objects.requireNonNull(consumers);
  }

  /** Follows {@code topic} from {@code start}; caught up waits for its end at start. */
  public TopicFollowerBuilder<K, V> follow(String topic, StartAt start) {
    topics.put(topic, Objects.requireNonNull(start));
    catchUp.add(topic);
    return this;
  }

  /** Follows {@code topic} from {@code start}, but caught up does not wait for it. */
  public TopicFollowerBuilder<K, V> followWithoutCatchUp(String topic, StartAt start) {
    topics.put(topic, Objects.requireNonNull(start));
    catchUp.remove(topic);
    return this;
  }

  /** How long one poll waits for records (default 500 ms; close() wakes it up at once). */
  public TopicFollowerBuilder<K, V> pollTimeout(Duration timeout) {
    this.pollTimeout = positive(timeout);
    return this;
  }

  /** The pause before reconnecting after a failure or a missing topic (default 1 s). */
  public TopicFollowerBuilder<K, V> retryEvery(Duration pause) {
    this.retry = positive(pause);
    return this;
  }

  /** How long partition and end-offset look-ups may take before they count as a failure. */
  public TopicFollowerBuilder<K, V> metadataTimeout(Duration timeout) {
    this.metadataTimeout = positive(timeout);
    return this;
  }

  /** Runs once, on the follower's thread, when the catch-up topics were read to their ends. */
  public TopicFollowerBuilder<K, V> onCaughtUp(Runnable callback) {
    this.onCaughtUp = Objects.requireNonNull(callback);
    return this;
  }

  /** The follower (not started) handing each polled batch to {@code handler}. */
  public TopicFollower<K, V> onBatch(Consumer<ConsumerRecords<K, V>> handler) {
    return new TopicFollower<>(checked(), Objects.requireNonNull(handler), null);
  }

  /**
   * The follower (not started) handing each record to {@code handler}; a record whose handler
   * throws is logged and counted, and the rest of its batch still handed over.
   */
  public TopicFollower<K, V> onEachRecord(Consumer<ConsumerRecord<K, V>> handler) {
    return new TopicFollower<>(checked(), null, Objects.requireNonNull(handler));
  }

  private TopicFollowerBuilder<K, V> checked() {
    if (topics.isEmpty()) {
      throw new IllegalStateException(name + " follows no topic");
    }
    return this;
  }

  private static Duration positive(Duration duration) {
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("must be positive: " + duration);
    }
    return duration;
  }
}
