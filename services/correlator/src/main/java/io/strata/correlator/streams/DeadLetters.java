package io.strata.correlator.streams;

import io.strata.events.topic.Topics;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Splits a guarded step's {@link Guarded}s: values go on to the next step ({@code <step>-values},
 * unwrapped by {@code <step>-unwrap}), dead letters to the dead-letter topic through the step's own
 * sink ({@code <step>-dead-letters-sink}), written by the task's producer inside its transaction.
 * One sink per step rather than one merged stream: a merge would join every side of the topology
 * into one sub-topology.
 */
final class DeadLetters {

  private DeadLetters() {}

  @SuppressWarnings("unchecked")
  static <V> KStream<String, V> values(KStream<String, Guarded<V>> guarded, String step) {
    Map<String, KStream<String, Guarded<V>>> branches =
        guarded
            .split(Named.as(step + "-"))
            .branch((key, value) -> value instanceof Guarded.Parked, Branched.as("dead-letters"))
            .defaultBranch(Branched.as("values"));
    branches
        .get(step + "-dead-letters")
        .process(DeadLetterRecord::new, Named.as(step + "-dead-letter-records"))
        .to(
            Topics.DEADLETTER.name(),
            Produced.with(Serdes.ByteArray(), Serdes.ByteArray())
                .withName(step + "-dead-letters-sink"));
    return branches
        .get(step + "-values")
        .mapValues(value -> ((Guarded.Value<V>) value).value(), Named.as(step + "-unwrap"));
  }

  /** A parked input as the record the dead-letter topic receives: key, bytes and headers. */
  private static final class DeadLetterRecord<V>
      implements Processor<String, Guarded<V>, byte[], byte[]> {

    private ProcessorContext<byte[], byte[]> context;

    @Override
    public void init(ProcessorContext<byte[], byte[]> context) {
      this.context = context;
    }

    @Override
    public void process(Record<String, Guarded<V>> record) {
      ProducerRecord<byte[], byte[]> letter = ((Guarded.Parked<V>) record.value()).deadLetter();
      context.forward(
          new Record<>(
              letter.key(),
              letter.value(),
              record.timestamp(),
              new RecordHeaders(letter.headers().toArray())));
    }
  }
}
