package io.strata.correlator.streams;

import io.strata.events.deadletter.DeadLetterReason;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.common.errors.ApiException;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/**
 * A correlator step whose failure on one record parks that record as a dead letter inside the
 * task's transaction, instead of through Kafka Streams' processing handler (which can only skip or
 * fail and must produce its dead letter on the side, once per attempt). The step itself is
 * unchanged: it sees a context whose forwards are wrapped as {@link Guarded.Value}.
 *
 * <p>Kafka Streams' own failures (a fenced producer, a migrated or corrupted task, an authorization
 * error) are not the record's fault and propagate, so the task is handled as Kafka Streams intends.
 * Failures in a punctuation have no input record and still reach the processing handler.
 */
final class GuardedProcessor<VIn, VOut> implements Processor<String, VIn, String, Guarded<VOut>> {

  private final Processor<String, VIn, String, VOut> step;
  private final String stepName;
  private final Serializer<VIn> inputs;
  private final CorrelatorMetrics metrics;
  private ProcessorContext<String, Guarded<VOut>> context;

  private GuardedProcessor(
      Processor<String, VIn, String, VOut> step,
      String stepName,
      Serializer<VIn> inputs,
      CorrelatorMetrics metrics) {
    this.step = step;
    this.stepName = stepName;
    this.inputs = inputs;
    this.metrics = metrics;
  }

  /**
   * @param inputs how the step's input is written when it is parked (the step's input topic's or
   *     repartition's serde), since a processor cannot see its record's source bytes
   */
  static <VIn, VOut> ProcessorSupplier<String, VIn, String, Guarded<VOut>> of(
      ProcessorSupplier<String, VIn, String, VOut> step,
      String stepName,
      Serializer<VIn> inputs,
      CorrelatorMetrics metrics) {
    return () -> new GuardedProcessor<>(step.get(), stepName, inputs, metrics);
  }

  @Override
  public void init(ProcessorContext<String, Guarded<VOut>> context) {
    this.context = context;
    step.init(new ValueForwardingContext<>(context));
  }

  @Override
  public void process(Record<String, VIn> record) {
    try {
      step.process(record);
    } catch (StreamsException | ApiException e) {
      throw e;
    } catch (RuntimeException e) {
      park(record, e);
    }
  }

  private void park(Record<String, VIn> record, RuntimeException failure) {
    RecordMetadata origin = context.recordMetadata().orElseThrow(() -> failure);
    byte[] value;
    try {
      value = inputs.serialize(origin.topic(), record.value());
    } catch (RuntimeException unwritable) {
      failure.addSuppressed(unwritable);
      value = null;
    }
    metrics.deadLettered(DeadLetterReason.PROCESSING_FAILED);
    context.forward(
        new Record<String, Guarded<VOut>>(
            record.key(),
            new Guarded.Parked<>(
                CorrelatorDeadLetters.failedInStep(
                    stepName,
                    origin.topic(),
                    origin.partition(),
                    origin.offset(),
                    record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8),
                    value,
                    record.headers(),
                    failure,
                    Instant.ofEpochMilli(context.currentSystemTimeMs()))),
            record.timestamp()));
  }

  @Override
  public void close() {
    step.close();
  }
}
