package io.strata.traceingest.publish;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.strata.traceingest.config.TraceIngestConfig;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.Config;

/** The span-summary producer: idempotent, acks=all, short blocking, bounded buffer. */
public class SpanProducerFactory {

  @Produces
  @Singleton
  Producer<String, byte[]> producer(TraceIngestConfig config, Config raw, MeterRegistry registry) {
    String bootstrapServers = raw.getValue("kafka.bootstrap.servers", String.class);
    KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(
            properties(config.kafka(), bootstrapServers),
            new StringSerializer(),
            new ByteArraySerializer());
    new KafkaClientMetrics(producer).bindTo(registry);
    return producer;
  }

  void close(@Disposes Producer<String, byte[]> producer) {
    producer.close(Duration.ofSeconds(10));
  }

  static Map<String, Object> properties(TraceIngestConfig.Kafka kafka, String bootstrapServers) {
    Map<String, Object> props = new HashMap<>();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(ProducerConfig.CLIENT_ID_CONFIG, "strata-trace-ingest");
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    props.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, kafka.maxBlock().toMillis());
    props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) kafka.requestTimeout().toMillis());
    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) kafka.deliveryTimeout().toMillis());
    props.put(ProducerConfig.LINGER_MS_CONFIG, (int) kafka.linger().toMillis());
    props.put(ProducerConfig.BATCH_SIZE_CONFIG, kafka.batchSize());
    props.put(ProducerConfig.BUFFER_MEMORY_CONFIG, kafka.bufferMemory());
    props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, kafka.compression());
    return props;
  }
}
