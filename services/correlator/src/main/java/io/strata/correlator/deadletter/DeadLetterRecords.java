package io.strata.correlator.deadletter;

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
 * Builds the dead-letter record for a poison input: the original key and value bytes untouched, the
 * original headers kept, and the reason and origin added with {@link DeadLetterHeaders}.
 */
public final class DeadLetterRecords {

  static final String SERVICE = "correlator";

  private DeadLetterRecords() {}

  public static ProducerRecord<byte[], byte[]> of(
      DeadLetterReason reason,
      String originTopic,
      int partition,
      long offset,
      byte[] key,
      byte[] value,
      Headers originalHeaders,
      Exception cause,
      Instant failedAt) {
    RecordHeaders headers = new RecordHeaders();
    if (originalHeaders != null) {
      for (Header header : originalHeaders) {
        headers.add(header.key(), header.value());
      }
    }
    DeadLetterHeaders.write(
        headers,
        new DeadLetter(reason, originTopic, partition, offset, SERVICE, describe(cause), failedAt));
    return new ProducerRecord<>(Topics.DEADLETTER.name(), null, key, value, headers);
  }

  /**
   * The exception and its root cause, which is what a reader needs to find the producer at fault.
   */
  static String describe(Exception cause) {
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
