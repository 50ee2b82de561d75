package io.strata.kafka.deadletter;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jboss.logging.Logger;

/**
 * Parks dead-letter records and waits for Kafka's acknowledgement, so a caller only skips an input
 * once it is safely parked. The producer (byte[] keys and values, idempotent, acks=all: {@code
 * ProducerSettings.reliable}) belongs to the caller.
 */
public final class DeadLetterPublisher {

  private static final Logger LOG = Logger.getLogger(DeadLetterPublisher.class);

  private final Producer<byte[], byte[]> producer;
  private final Duration sendTimeout;

  public DeadLetterPublisher(Producer<byte[], byte[]> producer, Duration sendTimeout) {
    this.producer = producer;
    this.sendTimeout = sendTimeout;
  }

  /** True once the broker acknowledged the dead letter; false (logged) when it did not. */
  public boolean publish(ProducerRecord<byte[], byte[]> deadLetter) {
    try {
      producer.send(deadLetter).get(sendTimeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.error("interrupted while dead-lettering a record", e);
      return false;
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      LOG.errorf(e, "cannot write to the dead-letter topic %s", deadLetter.topic());
      return false;
    }
  }
}
