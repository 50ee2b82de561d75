package io.strata.kafka.deadletter;

import io.strata.events.deadletter.DeadLetter;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.topic.Topics;
import java.time.Instant;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * The dead-letter record for an input a service cannot use: the original key and value bytes
 * untouched, the original headers kept (its {@code ce_type} still says what the record claimed to
 * be), and reason and origin added with {@link DeadLetterHeaders} (libs/events, docs/EVENTS.md).
 */
public final class DeadLetterRecords {

  private DeadLetterRecords() {}

  /**
   * @param service the service that gives up on the record, e.g. {@code remediator}
   * @param detail what went wrong, for a reader; {@link #describe} writes it for an exception
   */
  public static ProducerRecord<byte[], byte[]> of(
      String service,
      DeadLetterReason reason,
      String originTopic,
      int partition,
      long offset,
      byte[] key,
      byte[] value,
      Headers originalHeaders,
      String detail,
      Instant failedAt) {
    RecordHeaders headers = new RecordHeaders();
    if (originalHeaders != null) {
      for (Header header : originalHeaders) {
        headers.add(header.key(), header.value());
      }
    }
    DeadLetterHeaders.write(
        headers, new DeadLetter(reason, originTopic, partition, offset, service, detail, failedAt));
    return new ProducerRecord<>(Topics.DEADLETTER.name(), null, key, value, headers);
  }

  /** The exception and its root cause: what a reader needs to find the producer at fault. */
  public static String describe(Throwable cause) {
    if (cause == null) {
      return "";
    }
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String text = cause.getClass().getSimpleName() + ": " + cause.getMessage();
    return root == cause
        ? text
        : text + " (caused by " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
  }
}
