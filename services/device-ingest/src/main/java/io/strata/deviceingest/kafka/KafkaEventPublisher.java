package io.strata.deviceingest.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topics;
import io.strata.kafka.metrics.ClientMetrics;
import io.strata.kafka.produce.ProducerSettings;
import io.strata.kafka.produce.RecordStamper;
import io.strata.kafka.publish.BoundedPublisher;
import io.strata.kafka.publish.BufferPolicy;
import io.strata.kafka.publish.Lane;
import io.strata.kafka.publish.OutboundRecord;
import io.strata.kafka.publish.PublisherHealth;
import io.strata.kafka.publish.PublisherOptions;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jboss.logging.Logger;

/**
 * device-ingest's side of the shared bounded publisher (strata-kafka-support, ADR 011): one
 * idempotent, acks=all producer behind two lanes. Scrapes never wait for Kafka: they hand events to
 * a lane and go on.
 *
 * <ul>
 *   <li><b>samples</b> (the library's normal lane, {@link BufferPolicy#dropOldest}): a sample Kafka
 *       did not acknowledge is counted and gone (the next scrape brings a fresher one).
 *   <li><b>events</b> (XID events and findings on the never-evict lane; both edge-triggered: a lost
 *       one is never seen again): never evicted, re-sent with the same CloudEvents id until Kafka
 *       acknowledges, under a large safety cap that is logged as an error and counted if ever hit.
 * </ul>
 *
 * Each lane has its own drain thread and its own share of records inside the producer, so a sample
 * flood cannot push an XID out or hold it back.
 */
@ApplicationScoped
public class KafkaEventPublisher {

  /** The CloudEvents source of every record this service writes. */
  public static final String SOURCE = "/strata/device-ingest";

  private static final Logger LOG = Logger.getLogger(KafkaEventPublisher.class);
  private static final Duration RETRY_BACKOFF = Duration.ofMillis(500);

  private final KafkaProducer<String, byte[]> producer;
  private final KafkaClientMetrics producerMetrics;
  private final PublishMeters meters;
  private final BoundedPublisher publisher;
  private final Counter unserializable;

  @Inject
  public KafkaEventPublisher(
      DeviceIngestConfig config, MeterRegistry registry, OpenTelemetry openTelemetry, Clock clock) {
    this(
        producerProperties(config.publish(), KafkaClientSecurity.fromConfig()),
        options(config.publish()),
        registry,
        openTelemetry.getPropagators().getTextMapPropagator(),
        clock);
  }

  /**
   * Outside CDI (tests): a producer with these properties behind lanes with these options; {@code
   * propagator} writes the current trace context into each record's headers.
   */
  public KafkaEventPublisher(
      Map<String, Object> producerProperties,
      PublisherOptions options,
      MeterRegistry registry,
      TextMapPropagator propagator,
      Clock clock) {
    this.producer =
        new KafkaProducer<>(producerProperties, new StringSerializer(), new ByteArraySerializer());
    this.producerMetrics = ClientMetrics.bind(producer, registry);
    this.meters = new PublishMeters(registry, this::samplesRoom);
    this.publisher =
        new BoundedPublisher(
            producer,
            new RecordStamper(SOURCE, clock, propagator),
            options,
            meters,
            new PublisherHealth(clock));
    PublishMeters.bindGauges(registry, publisher);
    this.unserializable =
        Counter.builder("strata.device.ingest.publish.unserializable")
            .description("Events that could not be serialised (a bug; logged)")
            .register(registry);
  }

  /**
   * The shared reliable producer settings for device-ingest's three topics, with the service's
   * kafka.* security settings (SCRAM over TLS in deploy/, ADR 010) merged by {@code
   * ProducerSettings.security}.
   */
  public static Map<String, Object> producerProperties(
      DeviceIngestConfig.Publish publish, Map<String, Object> security) {
    return ProducerSettings.reliable(publish.bootstrapServers(), "strata-device-ingest")
        // Samples and XIDs are node-partitioned by contract (docs/EVENTS.md): NodePartitioner.
        .writing(List.of(Topics.DEVICE_SAMPLES, Topics.DEVICE_XIDS, Topics.DEVICE_FINDINGS))
        .linger(publish.linger())
        .maxBlock(publish.maxBlock())
        .deliveryTimeout(publish.deliveryTimeout())
        .compression(publish.compression())
        .security(security)
        .properties();
  }

  /** The lanes: samples drop-oldest, XIDs and findings never evicted, each its in-flight share. */
  public static PublisherOptions options(DeviceIngestConfig.Publish publish) {
    return PublisherOptions.normalLaneOnly(
            BufferPolicy.dropOldest(publish.bufferCapacity()), "strata-publish-samples")
        .withNeverEvictLane(publish.eventCapacity(), RETRY_BACKOFF)
        .withMaxUnacknowledged(publish.maxUnacknowledged());
  }

  /** Free places in the samples lane (0 while it is dropping). */
  private int samplesRoom() {
    return publisher.capacity(Lane.NORMAL) - publisher.pending(Lane.NORMAL);
  }

  /** Queues an event on its lane; never blocks. */
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
    String topic = event.topic().name();
    // The CloudEvents id was minted with the event: every re-send carries the same ce_id.
    OutboundRecord record =
        OutboundRecord.identified(
            topic, event.topic().eventType(), event.key(), value, event.id(), event.time());
    publisher.offer(record, PublishMeters.laneOf(topic));
  }

  /** True while a lane is dropping or Kafka does not acknowledge records. */
  public boolean degraded() {
    return meters.dropping() || !publisher.health().healthy();
  }

  public PublisherHealth.Status health() {
    return publisher.health().status();
  }

  /** Records waiting in both lanes. */
  public int buffered() {
    return publisher.pending();
  }

  public int bufferedEvents() {
    return publisher.pending(Lane.NEVER_EVICT);
  }

  /** Samples dropped oldest-first. */
  public long droppedCount() {
    return publisher.dropped();
  }

  /** XID events and findings lost at the events lane's safety cap (should stay 0). */
  public long droppedEvents() {
    return meters.droppedEvents();
  }

  @PreDestroy
  public void close() {
    publisher.close(Duration.ofSeconds(5));
    producerMetrics.close();
    producer.close(Duration.ofSeconds(5));
  }
}
