package io.strata.kafka.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.producer.Producer;

/**
 * Binds a Kafka client's own metrics (record-send rate, request latency, buffer use, ...) to the
 * service's registry as Micrometer's {@code kafka.producer.*} / {@code kafka.consumer.*} meters, so
 * every service exposes the same client view. Close the result with the client.
 */
public final class ClientMetrics {

  private ClientMetrics() {}

  public static KafkaClientMetrics bind(Producer<?, ?> producer, MeterRegistry registry) {
    KafkaClientMetrics metrics = new KafkaClientMetrics(producer);
    metrics.bindTo(registry);
    return metrics;
  }

  public static KafkaClientMetrics bind(Consumer<?, ?> consumer, MeterRegistry registry) {
    KafkaClientMetrics metrics = new KafkaClientMetrics(consumer);
    metrics.bindTo(registry);
    return metrics;
  }
}
