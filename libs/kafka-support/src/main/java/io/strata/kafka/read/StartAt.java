package io.strata.kafka.read;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Where a {@link TopicFollower} starts reading a partition it has no position of its own for yet
 * (on its first assignment; after a reconnect it resumes after the last record it handed over).
 */
public sealed interface StartAt {

  /** Positions the consumer's assigned {@code partitions}. */
  void seek(Consumer<?, ?> consumer, Collection<TopicPartition> partitions);

  /** From the first record the topic still holds: the whole history. */
  static StartAt beginning() {
    return new Beginning();
  }

  /** Only what is written from now on. */
  static StartAt end() {
    return new End();
  }

  /**
   * From the first record written at or after the instant {@code since} gives when the partition is
   * assigned (Kafka's offsetsForTimes; a partition with none starts at its end).
   */
  static StartAt since(Supplier<Instant> since) {
    return new Since(since);
  }

  /** From {@code lookBack} before the clock's now, never before the epoch. */
  static StartAt lookBack(Clock clock, Duration lookBack) {
    return since(() -> Instant.ofEpochMilli(Math.max(0, clock.millis() - lookBack.toMillis())));
  }

  record Beginning() implements StartAt {
    @Override
    public void seek(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
      consumer.seekToBeginning(partitions);
    }
  }

  record End() implements StartAt {
    @Override
    public void seek(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
      consumer.seekToEnd(partitions);
    }
  }

  record Since(Supplier<Instant> since) implements StartAt {
    @Override
    public void seek(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
      TopicReader.seekToTime(consumer, partitions, since.get());
    }
  }
}
