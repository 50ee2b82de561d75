package io.strata.correlator.streams;

import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * What a guarded step ({@link GuardedProcessor}, a source's {@link SourceDecoder}) emits: a value
 * for the next step, or the dead letter that replaces an input the step could not use. Dead letters
 * flow through the topology like any record, so they are written in the task's transaction: an
 * input aborted and re-processed parks its dead letter once, not once per attempt ({@link
 * DeadLetters}).
 */
sealed interface Guarded<V> {

  /** A value for the next step. */
  record Value<V>(V value) implements Guarded<V> {}

  /** An input parked for the dead-letter topic: original bytes, headers, reason and origin. */
  record Parked<V>(ProducerRecord<byte[], byte[]> deadLetter) implements Guarded<V> {}
}
