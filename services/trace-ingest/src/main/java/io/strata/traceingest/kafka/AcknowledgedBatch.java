package io.strata.traceingest.kafka;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Sends a batch of records and completes only once Kafka acknowledged every one (acks=all), so an
 * answer of success means the records are durable; fails when any record failed or could not be
 * handed over. Every sink of the receivers publishes through it.
 */
final class AcknowledgedBatch {

  private AcknowledgedBatch() {}

  static <V> CompletionStage<Void> send(
      Producer<String, byte[]> producer,
      List<V> values,
      Function<V, ProducerRecord<String, byte[]>> toRecord) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    if (values.isEmpty()) {
      done.complete(null);
      return done;
    }
    AtomicInteger pending = new AtomicInteger(values.size());
    AtomicReference<Exception> firstError = new AtomicReference<>();
    for (int i = 0; i < values.size(); i++) {
      try {
        producer.send(
            toRecord.apply(values.get(i)),
            (metadata, error) -> {
              if (error != null) {
                firstError.compareAndSet(null, error);
              }
              finishOne(pending, 1, firstError, done);
            });
      } catch (RuntimeException e) {
        // Not handed over (no metadata within max.block.ms, producer closed, ...): the rest
        // of the batch is not sent either, and the whole request will be retried by the client.
        firstError.compareAndSet(null, e);
        finishOne(pending, values.size() - i, firstError, done);
        break;
      }
    }
    return done;
  }

  private static void finishOne(
      AtomicInteger pending,
      int count,
      AtomicReference<Exception> firstError,
      CompletableFuture<Void> done) {
    if (pending.addAndGet(-count) == 0) {
      Exception error = firstError.get();
      if (error == null) {
        done.complete(null);
      } else {
        done.completeExceptionally(error);
      }
    }
  }
}
