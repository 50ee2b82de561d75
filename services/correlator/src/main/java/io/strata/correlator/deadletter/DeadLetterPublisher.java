package io.strata.correlator.deadletter;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jboss.logging.Logger;

/**
 * A small producer of the handlers' own for the dead-letter topic (Kafka 4.1's handlers cannot yet
 * return dead-letter records themselves). It connects with the Streams app's client settings and
 * waits for the acknowledgement, so a handler only skips a record once it is safely parked.
 */
final class DeadLetterPublisher {

  private static final Logger LOG = Logger.getLogger(DeadLetterPublisher.class);
  private static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);

  private final Map<String, Object> producerConfig;
  private KafkaProducer<byte[], byte[]> producer;

  DeadLetterPublisher(Map<String, ?> streamsConfig) {
    Map<String, Object> config = new HashMap<>();
    streamsConfig.forEach(
        (key, value) -> {
          if (ProducerConfig.configNames().contains(key)
              && !key.equals(ProducerConfig.TRANSACTIONAL_ID_CONFIG)
              && !key.equals(ProducerConfig.CLIENT_ID_CONFIG)) {
            config.put(key, value);
          }
        });
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.CLIENT_ID_CONFIG, "strata-correlator-deadletter");
    this.producerConfig = config;
  }

  /** True once the broker acknowledged the dead letter. */
  synchronized boolean publish(ProducerRecord<byte[], byte[]> record) {
    try {
      if (producer == null) {
        producer =
            new KafkaProducer<>(
                producerConfig, new ByteArraySerializer(), new ByteArraySerializer());
      }
      producer.send(record).get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.error("interrupted while dead-lettering a record", e);
      return false;
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      LOG.errorf(e, "cannot write to the dead-letter topic %s", record.topic());
      return false;
    }
  }
}
