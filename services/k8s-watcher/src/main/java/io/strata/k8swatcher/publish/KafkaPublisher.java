package io.strata.k8swatcher.publish;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.k8swatcher.config.WatcherConfig;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Drains the outbound buffer into Kafka with an idempotent, acks=all producer, CloudEvents headers
 * on every record (tombstones included). A record the buffer refuses or Kafka does not acknowledge
 * is counted, logged, and its topic's full state is republished from the informer caches.
 */
@Startup
@ApplicationScoped
public class KafkaPublisher {

  public static final String SOURCE = "/strata/k8s-watcher";
  private static final Logger LOG = Logger.getLogger(KafkaPublisher.class);
  private static final Duration POLL = Duration.ofMillis(200);

  @Inject WatcherConfig config;
  @Inject Clock clock;
  @Inject MeterRegistry registry;
  @Inject RepublishRequests republish;

  @ConfigProperty(name = "kafka.bootstrap.servers")
  String bootstrapServers;

  private OutboundBuffer buffer;
  private PublisherMetrics metrics;
  private KafkaProducer<String, byte[]> producer;
  private Thread drainer;
  private volatile boolean running;
  private final AtomicReference<Instant> lastSuccess = new AtomicReference<>();
  private final AtomicReference<Instant> lastFailure = new AtomicReference<>();

  @PostConstruct
  void start() {
    buffer = new OutboundBuffer(config.publisher().bufferCapacity());
    metrics = new PublisherMetrics(registry);
    Gauge.builder("strata.k8swatcher.buffer.pending", buffer, OutboundBuffer::size)
        .description("Distinct records waiting for Kafka")
        .register(registry);
    producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.CLIENT_ID_CONFIG,
                "strata-k8s-watcher",
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                (int) config.publisher().deliveryTimeout().toMillis(),
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                15_000,
                ProducerConfig.LINGER_MS_CONFIG,
                5,
                ProducerConfig.MAX_BLOCK_MS_CONFIG,
                30_000),
            new StringSerializer(),
            new ByteArraySerializer());
    running = true;
    drainer = new Thread(this::drain, "strata-k8s-watcher-publisher");
    drainer.setDaemon(true);
    drainer.start();
  }

  /**
   * Hands a record to the buffer; called from informer callbacks. Blocks at most the configured
   * offer timeout when the buffer is full.
   */
  public void offer(Outbound record) {
    OutboundBuffer.OfferResult result;
    try {
      result = buffer.offer(record, config.publisher().offerTimeout());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      result = OutboundBuffer.OfferResult.REFUSED;
    }
    metrics.offered(record, result);
    if (result == OutboundBuffer.OfferResult.REFUSED) {
      LOG.warnf(
          "outbound buffer full (%d records): dropped %s %s; its topic will be republished",
          buffer.capacity(), record.topic(), record.key());
      republish.request(record.topic());
    }
  }

  /** Healthy unless the latest delivery attempt failed. */
  public boolean healthy() {
    Instant failure = lastFailure.get();
    Instant success = lastSuccess.get();
    return failure == null || (success != null && success.isAfter(failure));
  }

  public Instant lastFailure() {
    return lastFailure.get();
  }

  public int pending() {
    return buffer.size();
  }

  private void drain() {
    while (running || buffer.size() > 0) {
      try {
        Outbound record = buffer.poll(POLL);
        if (record != null) {
          send(record);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void send(Outbound record) {
    ProducerRecord<String, byte[]> kafkaRecord =
        new ProducerRecord<>(record.topic(), record.key(), record.value());
    CloudEventHeaders.write(
        kafkaRecord.headers(), record.eventType(), SOURCE, record.key(), clock.instant());
    try {
      producer.send(
          kafkaRecord,
          (metadata, error) -> {
            if (error == null) {
              lastSuccess.set(clock.instant());
              metrics.published(record);
            } else {
              failed(record, error);
            }
          });
    } catch (RuntimeException e) {
      failed(record, e);
    }
  }

  private void failed(Outbound record, Exception error) {
    lastFailure.set(clock.instant());
    metrics.failed(record);
    republish.request(record.topic());
    LOG.errorf(
        "Kafka did not take %s %s: %s; its topic will be republished",
        record.topic(), record.key(), error.toString());
  }

  @PreDestroy
  void stop() {
    running = false;
    try {
      drainer.join(Duration.ofSeconds(10).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    producer.close(Duration.ofSeconds(10));
  }
}
