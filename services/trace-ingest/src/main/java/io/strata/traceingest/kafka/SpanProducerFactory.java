package io.strata.traceingest.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.topic.Topics;
import io.strata.kafka.metrics.ClientMetrics;
import io.strata.kafka.produce.ProducerSettings;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import io.strata.traceingest.config.TraceIngestConfig;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.Config;

/**
 * The producer of span summaries and alert events: the shared reliable settings (idempotent,
 * acks=all), short blocking and a bounded producer buffer from this service's configuration, client
 * metrics bound.
 */
public class SpanProducerFactory {

  @Produces
  @Singleton
  Producer<String, byte[]> producer(TraceIngestConfig config, Config raw, MeterRegistry registry) {
    String bootstrapServers = raw.getValue("kafka.bootstrap.servers", String.class);
    KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(
            properties(config.kafka(), bootstrapServers, KafkaClientSecurity.fromConfig(raw)),
            new StringSerializer(),
            new ByteArraySerializer());
    ClientMetrics.bind(producer, registry);
    return producer;
  }

  void close(@Disposes Producer<String, byte[]> producer) {
    producer.close(Duration.ofSeconds(10));
  }

  /**
   * The producer's settings, with the service's {@code kafka.*} security settings (SASL/TLS, what
   * deploy/'s secured overlays set) merged in by kafka-support's {@code ProducerSettings.security},
   * so this hand-built client authenticates like the Quarkus-managed ones.
   */
  static Map<String, Object> properties(
      TraceIngestConfig.Kafka kafka, String bootstrapServers, Map<String, Object> security) {
    return ProducerSettings.reliable(bootstrapServers, "strata-trace-ingest")
        .writing(List.of(Topics.TRACE_SPANS, Topics.ALERTS))
        .maxBlock(kafka.maxBlock())
        .requestTimeout(kafka.requestTimeout())
        .deliveryTimeout(kafka.deliveryTimeout())
        .linger(kafka.linger())
        .batchSize(kafka.batchSize())
        .bufferMemory(kafka.bufferMemory())
        .compression(kafka.compression())
        .security(security)
        .properties();
  }
}
