package io.strata.kafka.read;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads one partition between two record times, bounded in records and in time: what a reader needs
 * that knows which partition holds what it looks for (a node-partitioned topic, a key's hash
 * partition) and which time it is about, instead of following the whole topic. Times are record
 * timestamps (the producer's CreateTime unless a topic says otherwise). The consumer is assigned
 * this one partition; it needs no group, and one consumer can serve reads one after the other.
 */
public final class PartitionRange {

  /** Why a read stopped. */
  public enum Stop {
    UNSPECIFIED,
    /** Every record before the end time (or the partition's end when the read began) was read. */
    REACHED_END,
    /** {@link Bounds#maxRecords} records were read; the rest waits for a later read. */
    RECORD_LIMIT,
    /** {@link Bounds#maxTime} passed; the rest waits for a later read. */
    TIME_LIMIT
  }

  /**
   * How much one read may take.
   *
   * @param maxRecords records handed over at most (every record counts, matching or not)
   * @param maxTime wall-clock time at most, metadata look-ups included
   */
  public record Bounds(long maxRecords, Duration maxTime) {
    public Bounds {
      if (maxRecords < 1) {
        throw new IllegalArgumentException("maxRecords must be at least 1, got " + maxRecords);
      }
      Objects.requireNonNull(maxTime);
      if (maxTime.isNegative() || maxTime.isZero()) {
        throw new IllegalArgumentException("maxTime must be positive: " + maxTime);
      }
    }
  }

  /**
   * What one read did.
   *
   * @param records records handed over
   * @param nextOffset where a later read continues (the offset after the last record handed over,
   *     or the end offset when the end was reached)
   */
  public record Result(long records, long nextOffset, Stop stop) {}

  private static final Duration POLL = Duration.ofMillis(100);

  private PartitionRange() {}

  /**
   * Reads {@code partition} from its first record written at or after {@code from} up to (not
   * including) its first record written at or after {@code to}, or its end when it has none.
   */
  public static <K, V> Result between(
      org.apache.kafka.clients.consumer.Consumer<K, V> consumer,
      TopicPartition partition,
      Instant from,
      Instant to,
      Bounds bounds,
      Consumer<ConsumerRecord<K, V>> handler) {
    long deadline = System.nanoTime() + bounds.maxTime().toNanos();
    consumer.assign(List.of(partition));
    Long start = offsetAt(consumer, partition, from, bounds.maxTime());
    long end = endBefore(consumer, partition, to, bounds.maxTime());
    return read(consumer, partition, start == null ? end : start, end, bounds, deadline, handler);
  }

  /**
   * Continues a read of {@code partition} at {@code fromOffset} (a {@link Result#nextOffset}) up to
   * its first record written at or after {@code to}, or its end.
   */
  public static <K, V> Result continueAt(
      org.apache.kafka.clients.consumer.Consumer<K, V> consumer,
      TopicPartition partition,
      long fromOffset,
      Instant to,
      Bounds bounds,
      Consumer<ConsumerRecord<K, V>> handler) {
    long deadline = System.nanoTime() + bounds.maxTime().toNanos();
    consumer.assign(List.of(partition));
    long end = endBefore(consumer, partition, to, bounds.maxTime());
    return read(consumer, partition, fromOffset, end, bounds, deadline, handler);
  }

  private static <K, V> Result read(
      org.apache.kafka.clients.consumer.Consumer<K, V> consumer,
      TopicPartition partition,
      long start,
      long end,
      Bounds bounds,
      long deadline,
      Consumer<ConsumerRecord<K, V>> handler) {
    if (start >= end) {
      return new Result(0, Math.max(start, end), Stop.REACHED_END);
    }
    consumer.seek(partition, start);
    long records = 0;
    long next = start;
    while (next < end) {
      if (records >= bounds.maxRecords()) {
        return new Result(records, next, Stop.RECORD_LIMIT);
      }
      if (System.nanoTime() > deadline) {
        return new Result(records, next, Stop.TIME_LIMIT);
      }
      boolean wholeBatch = true;
      for (ConsumerRecord<K, V> record : consumer.poll(POLL).records(partition)) {
        if (record.offset() >= end) {
          break;
        }
        if (records >= bounds.maxRecords()) {
          wholeBatch = false;
          break;
        }
        handler.accept(record);
        records++;
        next = record.offset() + 1;
      }
      if (wholeBatch) {
        // Transaction markers and compacted gaps hold offsets no record is handed over for.
        next = Math.max(next, Math.min(consumer.position(partition), end));
      }
    }
    return new Result(records, end, Stop.REACHED_END);
  }

  /** The first offset written at or after {@code at}; null when the partition has none. */
  private static Long offsetAt(
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer,
      TopicPartition partition,
      Instant at,
      Duration timeout) {
    Map<TopicPartition, OffsetAndTimestamp> found =
        consumer.offsetsForTimes(Map.of(partition, Math.max(0, at.toEpochMilli())), timeout);
    OffsetAndTimestamp offset = found.get(partition);
    return offset == null ? null : offset.offset();
  }

  /**
   * The end of a read up to {@code to}: the first offset written at or after it, else the
   * partition's end (for a {@code read_committed} consumer, its last stable offset).
   */
  private static long endBefore(
      org.apache.kafka.clients.consumer.Consumer<?, ?> consumer,
      TopicPartition partition,
      Instant to,
      Duration timeout) {
    Long at = offsetAt(consumer, partition, to, timeout);
    long end = consumer.endOffsets(List.of(partition), timeout).get(partition);
    return at == null ? end : Math.min(at, end);
  }
}
