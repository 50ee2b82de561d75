package io.strata.correlator.streams;

import io.strata.events.deadletter.DeadLetterReason;
import io.strata.kafka.deadletter.DeadLetterRecords;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.errors.ErrorHandlerContext;

/**
 * The correlator's dead letters, from what its two Kafka Streams handlers are given:
 * kafka-support's {@link DeadLetterRecords} (original bytes and headers kept, reason and origin
 * added) naming this service, with the exception described.
 */
public final class CorrelatorDeadLetters {

  /** The service named in every dead letter the correlator parks. */
  static final String SERVICE = "correlator";

  private CorrelatorDeadLetters() {}

  /** A record that is not its topic's type, parked as it arrived. */
  public static ProducerRecord<byte[], byte[]> unreadable(
      ConsumerRecord<byte[], byte[]> record, Exception cause, Instant failedAt) {
    return unreadable(
        record.topic(),
        record.partition(),
        record.offset(),
        record.key(),
        record.value(),
        record.headers(),
        cause,
        failedAt);
  }

  /** A record that is not its topic's type, parked as it arrived (read in the topology). */
  public static ProducerRecord<byte[], byte[]> unreadable(
      String topic,
      int partition,
      long offset,
      byte[] key,
      byte[] value,
      Headers headers,
      Exception cause,
      Instant failedAt) {
    return DeadLetterRecords.of(
        SERVICE,
        DeadLetterReason.DESERIALIZATION_FAILED,
        topic,
        partition,
        offset,
        key,
        value,
        headers,
        DeadLetterRecords.describe(cause),
        failedAt);
  }

  /**
   * A record a topology step threw on, parked inside the task's transaction: where the step read
   * it, and its input as the step received it, written with that input's serde. The record reads
   * like {@link #unreadable(String, int, long, byte[], byte[], Headers, Exception, Instant)}'s
   * apart from reason and detail.
   */
  public static ProducerRecord<byte[], byte[]> failedInStep(
      String step,
      String topic,
      int partition,
      long offset,
      byte[] key,
      byte[] value,
      Headers headers,
      Exception cause,
      Instant failedAt) {
    return DeadLetterRecords.of(
        SERVICE,
        DeadLetterReason.PROCESSING_FAILED,
        topic,
        partition,
        offset,
        key,
        value,
        headers,
        "in " + step + ": " + DeadLetterRecords.describe(cause),
        failedAt);
  }

  /** A record a step threw on: the source record's raw key and value, where it was read. */
  public static ProducerRecord<byte[], byte[]> failedInProcessing(
      ErrorHandlerContext context, Exception cause, Instant failedAt) {
    return DeadLetterRecords.of(
        SERVICE,
        DeadLetterReason.PROCESSING_FAILED,
        context.topic(),
        context.partition(),
        context.offset(),
        context.sourceRawKey(),
        context.sourceRawValue(),
        context.headers(),
        DeadLetterRecords.describe(cause),
        failedAt);
  }
}
