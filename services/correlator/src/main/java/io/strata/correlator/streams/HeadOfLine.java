package io.strata.correlator.streams;

import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import io.strata.events.topic.Topic;
import java.time.Instant;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * Device faults and node states judged ahead of a device-sample backlog (ADR 039).
 *
 * <p>Samples, XIDs and node states feed one node-partitioned task, and a task takes the buffered
 * record with the smallest extracted timestamp across its input partitions first (Kafka Streams 4.1
 * {@code PartitionGroup}: a priority queue of the partitions' record queues ordered by {@code
 * RecordQueue::headRecordTimestamp}). Extracted with their own time, an XID waits behind every
 * older sample buffered on the task. This extractor, set on the XID and node-state sources only,
 * gives their records the smallest valid timestamp, so whichever is buffered is taken next.
 *
 * <p>0 is only the queue position: the source's decode step puts the record's event time back
 * ({@link #eventTime}) before any processor reads it, so what is judged and forwarded carries the
 * event's own time; and since the task's stream time is the largest extracted timestamp, these
 * records never move it (stream-time punctuation, the node side's sweep, stays on the samples).
 */
final class HeadOfLine implements TimestampExtractor {

  /**
   * An input topic read as {@link CorrelatorTopology#source} reads it, but taken ahead of the older
   * records buffered on its task; its decode step restores each record's event time from {@code
   * eventTime}.
   */
  static <V> KStream<String, V> source(
      StreamsBuilder builder,
      Topic<String, V> topic,
      String name,
      CorrelatorMetrics metrics,
      Function<V, Instant> eventTime) {
    KStream<String, Guarded<V>> decoded =
        builder.stream(
                topic.name(),
                Consumed.with(Serdes.ByteArray(), Serdes.ByteArray())
                    .withTimestampExtractor(new HeadOfLine())
                    .withName(name + "-source"))
            .process(
                () -> new SourceDecoder<>(topic, metrics, eventTime), Named.as(name + "-decode"));
    return DeadLetters.values(decoded, name + "-decode");
  }

  /** The smallest timestamp Kafka Streams accepts (a negative one drops the record). */
  static final long HEAD = 0L;

  @Override
  public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
    return HEAD;
  }

  /**
   * The time a head-of-line record stands for: the event's own time from its value, else the
   * CloudEvents {@code ce_time} header every Strata producer writes (docs/EVENTS.md), else the
   * processing wall clock (a tombstone without headers, or an unreadable value). A time that cannot
   * be a record timestamp (before 1970) counts as none.
   */
  static <V> long eventTime(
      V value, Function<V, Instant> ownTime, Headers headers, long wallClockMs) {
    long own = validMillis(value == null ? null : ownTime.apply(value));
    if (own >= 0) {
      return own;
    }
    long stamped =
        validMillis(CloudEventHeaders.read(headers).map(CloudEventMetadata::time).orElse(null));
    return stamped >= 0 ? stamped : wallClockMs;
  }

  /** An instant as a record timestamp, or -1 when it cannot be one (absent, before 1970, huge). */
  private static long validMillis(Instant time) {
    if (time == null || time.isBefore(Instant.EPOCH)) {
      return -1;
    }
    try {
      return time.toEpochMilli();
    } catch (ArithmeticException tooFar) {
      return -1;
    }
  }

  /**
   * The timestamp of what the node side forwards to the workload side: never ahead of the node
   * task's stream time, so a head-of-line record does not move the workload side's stream time (its
   * window staleness, quiet periods and sweeps) past the backlog the node side has judged. A sample
   * or Kubernetes object is never ahead of it (the stream time includes the record being
   * processed), so for them this is their own timestamp.
   *
   * @param streamTimeMs the node task's stream time: negative while nothing was polled, {@link
   *     #HEAD} while only head-of-line records were (both mean unknown: the record's own time)
   */
  static long towardWorkloads(long recordTimestampMs, long streamTimeMs) {
    return streamTimeMs <= HEAD ? recordTimestampMs : Math.min(recordTimestampMs, streamTimeMs);
  }
}
