package io.strata.deviceingest.publish;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.serde.EventSerdeException;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jboss.logging.Logger;

/**
 * Publishes device-ingest's events with an idempotent, acks=all producer behind a bounded buffer it
 * owns. Scrapes never wait for Kafka: they hand events to the buffer and go on. When Kafka is
 * unavailable, at most {@code max-unacknowledged} records wait inside the producer and at most
 * {@code buffer-capacity} in the buffer; beyond that the oldest are dropped and counted. Nothing
 * grows without bound, nothing crashes, and the drain resumes on its own when Kafka returns.
 */
@ApplicationScoped
public class KafkaEventPublisher {

  /** The CloudEvents source of every record this service writes. */
  public static final String SOURCE = "/strata/device-ingest";

  private static final Logger LOG = Logger.getLogger(KafkaEventPublisher.class);

  private final TextMapPropagator propagator;
  private final DropOldestBuffer<PendingRecord> buffer;
  private final Semaphore unacknowledged;
  private final KafkaProducer<String, byte[]> producer;
  private final KafkaClientMetrics producerMetrics;
  private final Counter sent;
  private final Counter failed;
  private final Counter dropped;
  private final Counter unserializable;
  private final AtomicBoolean dropping = new AtomicBoolean();
  private final AtomicBoolean deliveryFailing = new AtomicBoolean();
  private final Thread drainer;
  private volatile boolean running = true;

  @Inject
  public KafkaEventPublisher(
      DeviceIngestConfig config, MeterRegistry registry, OpenTelemetry openTelemetry) {
    this(
        PublisherSettings.from(config.publish()),
        registry,
        openTelemetry.getPropagators().getTextMapPropagator());
  }

  /**
   * Outside CDI (tests): publishes with these settings; {@code propagator} writes the current trace
   * context into each record's headers.
   */
  public KafkaEventPublisher(
      PublisherSettings publish, MeterRegistry registry, TextMapPropagator propagator) {
    this.propagator = propagator;
    this.buffer = new DropOldestBuffer<>(publish.bufferCapacity());
    this.unacknowledged = new Semaphore(publish.maxUnacknowledged());
    this.producer =
        new KafkaProducer<>(
            producerConfig(publish.bootstrapServers(), publish),
            new StringSerializer(),
            new ByteArraySerializer());
    this.producerMetrics = new KafkaClientMetrics(producer);
    producerMetrics.bindTo(registry);
    this.sent =
        Counter.builder("strata.device.ingest.publish.sent")
            .description("Records acknowledged by Kafka")
            .register(registry);
    this.failed =
        Counter.builder("strata.device.ingest.publish.failed")
            .description("Records Kafka did not acknowledge within the delivery timeout")
            .register(registry);
    this.dropped =
        Counter.builder("strata.device.ingest.publish.dropped")
            .description("Oldest records dropped because the publish buffer was full")
            .register(registry);
    this.unserializable =
        Counter.builder("strata.device.ingest.publish.unserializable")
            .description("Events that could not be serialised (a bug; logged)")
            .register(registry);
    Gauge.builder("strata.device.ingest.publish.buffered", buffer, DropOldestBuffer::size)
        .description("Records waiting in the publish buffer")
        .strongReference(true)
        .register(registry);
    Gauge.builder(
            "strata.device.ingest.publish.unacknowledged",
            this,
            p -> publish.maxUnacknowledged() - p.unacknowledged.availablePermits())
        .description("Records handed to the producer and not yet acknowledged")
        .strongReference(true)
        .register(registry);
    this.drainer = new Thread(this::drain, "strata-device-ingest-publisher");
    drainer.setDaemon(true);
    drainer.start();
  }

  /** Queues an event for publishing; never blocks. */
  public void publish(OutgoingEvent<?> event) {
    byte[] value;
    try {
      value = event.serializedValue();
    } catch (EventSerdeException e) {
      unserializable.increment();
      LOG.errorf(
          e, "cannot serialise %s for %s", event.value().getClass().getSimpleName(), event.key());
      return;
    }
    Map<String, String> traceContext = new HashMap<>(4);
    propagator.inject(Context.current(), traceContext, (carrier, k, v) -> carrier.put(k, v));
    PendingRecord record =
        new PendingRecord(
            event.topic().name(),
            event.key(),
            value,
            event.topic().eventType(),
            event.time(),
            traceContext);
    if (buffer.offer(record) != null) {
      onDrop();
    }
  }

  /** True while records are being dropped or Kafka does not acknowledge them. */
  public boolean degraded() {
    return dropping.get() || deliveryFailing.get();
  }

  public int buffered() {
    return buffer.size();
  }

  public long droppedCount() {
    return buffer.dropped();
  }

  private void drain() {
    while (running) {
      try {
        PendingRecord record = buffer.poll(200, TimeUnit.MILLISECONDS);
        if (record == null) {
          continue;
        }
        unacknowledged.acquire();
        send(record);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void send(PendingRecord record) throws InterruptedException {
    ProducerRecord<String, byte[]> producerRecord =
        new ProducerRecord<>(record.topic(), record.key(), record.value());
    CloudEventHeaders.write(
        producerRecord.headers(), record.type(), SOURCE, record.key(), record.time());
    record
        .traceContext()
        .forEach((k, v) -> producerRecord.headers().add(k, v.getBytes(StandardCharsets.UTF_8)));
    try {
      producer.send(producerRecord, (metadata, error) -> acknowledged(record, error));
    } catch (KafkaException e) {
      unacknowledged.release();
      deliveryFailing.set(true);
      LOG.warnf("cannot hand a record to Kafka (%s); keeping it buffered", e.getMessage());
      if (buffer.requeueFirst(record) != null) {
        onDrop();
      }
      Thread.sleep(500);
    }
  }

  private void acknowledged(PendingRecord record, Exception error) {
    unacknowledged.release();
    if (error == null) {
      sent.increment();
      if (deliveryFailing.compareAndSet(true, false)) {
        LOG.info("Kafka acknowledges records again; publishing resumed");
      }
      if (buffer.size() < buffer.capacity() && dropping.compareAndSet(true, false)) {
        LOG.infof("publish buffer has room again (%d dropped so far)", buffer.dropped());
      }
      return;
    }
    failed.increment();
    if (deliveryFailing.compareAndSet(false, true)) {
      LOG.warnf(
          "Kafka did not acknowledge a record for %s on %s: %s; buffering (capacity %d)",
          record.key(), record.topic(), error.getMessage(), buffer.capacity());
    }
  }

  private void onDrop() {
    dropped.increment();
    if (dropping.compareAndSet(false, true)) {
      LOG.warnf(
          "publish buffer full (%d records): Kafka unavailable or slow, dropping the oldest",
          buffer.capacity());
    }
  }

  @PreDestroy
  public void close() {
    running = false;
    drainer.interrupt();
    producerMetrics.close();
    producer.close(Duration.ofSeconds(5));
  }

  private static Map<String, Object> producerConfig(String bootstrap, PublisherSettings publish) {
    return Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
        bootstrap,
        ProducerConfig.CLIENT_ID_CONFIG,
        "strata-device-ingest",
        ProducerConfig.ACKS_CONFIG,
        "all",
        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
        true,
        ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION,
        5,
        ProducerConfig.LINGER_MS_CONFIG,
        (int) publish.linger().toMillis(),
        ProducerConfig.MAX_BLOCK_MS_CONFIG,
        publish.maxBlock().toMillis(),
        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
        (int) publish.deliveryTimeout().toMillis(),
        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
        requestTimeoutMs(publish));
  }

  /** Kafka insists on delivery.timeout.ms >= linger.ms + request.timeout.ms. */
  private static int requestTimeoutMs(PublisherSettings publish) {
    long room = publish.deliveryTimeout().toMillis() - publish.linger().toMillis();
    if (room < 1000) {
      throw new IllegalArgumentException(
          "strata.device-ingest.publish.delivery-timeout must exceed publish.linger by at least"
              + " 1s: "
              + publish.deliveryTimeout());
    }
    return (int) Math.min(30_000, room);
  }

  private record PendingRecord(
      String topic,
      String key,
      byte[] value,
      EventType type,
      Instant time,
      Map<String, String> traceContext) {}
}
