package io.strata.correlator.deadletter;

import io.strata.events.deadletter.DeadLetterReason;
import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.jboss.logging.Logger;

/**
 * A record the correlator cannot read goes to the dead-letter topic, untouched, with the reason and
 * origin; processing continues. If even the dead-letter write fails the app stops rather than lose
 * the record.
 */
public final class DeadLetterDeserializationHandler implements DeserializationExceptionHandler {

  private static final Logger LOG = Logger.getLogger(DeadLetterDeserializationHandler.class);

  private DeadLetterPublisher publisher;
  private final Clock clock = Clock.systemUTC();

  @Override
  public void configure(Map<String, ?> configs) {
    publisher = new DeadLetterPublisher(configs);
  }

  @Override
  public DeserializationHandlerResponse handle(
      ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
    LOG.warnf(
        "dead-lettering unreadable record %s-%d@%d: %s",
        record.topic(), record.partition(), record.offset(), exception.getMessage());
    boolean parked =
        publisher.publish(
            DeadLetterRecords.of(
                DeadLetterReason.DESERIALIZATION_FAILED,
                record.topic(),
                record.partition(),
                record.offset(),
                record.key(),
                record.value(),
                record.headers(),
                exception,
                clock.instant()));
    return parked ? DeserializationHandlerResponse.CONTINUE : DeserializationHandlerResponse.FAIL;
  }
}
