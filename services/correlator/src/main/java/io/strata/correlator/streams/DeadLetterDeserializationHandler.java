package io.strata.correlator.streams;

import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.jboss.logging.Logger;

/**
 * The fallback for a record the topology cannot decode itself: input topics are read as bytes and
 * decoded in the topology (their dead letters are written in the task's transaction, ADR 025), so
 * this sees only internal repartition or changelog records that do not decode. It parks the record
 * untouched, with the reason and origin, through a side producer; processing continues. If even the
 * dead-letter write fails the app stops rather than lose the record.
 */
public final class DeadLetterDeserializationHandler implements DeserializationExceptionHandler {

  private static final Logger LOG = Logger.getLogger(DeadLetterDeserializationHandler.class);

  private DeadLetterClient deadLetters;
  private final Clock clock = Clock.systemUTC();

  @Override
  public void configure(Map<String, ?> configs) {
    deadLetters = new DeadLetterClient(configs);
  }

  @Override
  public DeserializationHandlerResponse handle(
      ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
    LOG.warnf(
        "dead-lettering unreadable record %s-%d@%d: %s",
        record.topic(), record.partition(), record.offset(), exception.getMessage());
    boolean parked =
        deadLetters.publish(CorrelatorDeadLetters.unreadable(record, exception, clock.instant()));
    return parked ? DeserializationHandlerResponse.CONTINUE : DeserializationHandlerResponse.FAIL;
  }
}
