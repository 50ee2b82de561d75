package io.strata.correlator.streams;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The dead-letter handlers for a TopologyTestDriver: they build each dead letter with the service's
 * own {@link CorrelatorDeadLetters#of} (what DeadLetterDeserializationHandler and
 * DeadLetterProcessingHandler publish) and keep it in memory instead of producing it, since the
 * driver has no broker. Static: Kafka Streams instantiates handlers by class name.
 */
final class DeadLetterRecorders {

  private static final List<ProducerRecord<byte[], byte[]>> PARKED = new ArrayList<>();

  private DeadLetterRecorders() {}

  static synchronized List<ProducerRecord<byte[], byte[]>> parked() {
    return List.copyOf(PARKED);
  }

  static synchronized void clear() {
    PARKED.clear();
  }

  private static synchronized void park(ProducerRecord<byte[], byte[]> deadLetter) {
    PARKED.add(deadLetter);
  }

  /** Like DeadLetterDeserializationHandler, in memory. */
  public static final class Deserialization implements DeserializationExceptionHandler {
    @Override
    public void configure(Map<String, ?> configs) {}

    @Override
    public DeserializationHandlerResponse handle(
        ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
      park(CorrelatorDeadLetters.unreadable(record, exception, Instant.EPOCH));
      return DeserializationHandlerResponse.CONTINUE;
    }
  }

  /** Like DeadLetterProcessingHandler, in memory. */
  public static final class Processing implements ProcessingExceptionHandler {
    @Override
    public void configure(Map<String, ?> configs) {}

    @Override
    public ProcessingHandlerResponse handle(
        ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
      park(CorrelatorDeadLetters.failedInProcessing(context, exception, Instant.EPOCH));
      return ProcessingHandlerResponse.CONTINUE;
    }
  }
}
