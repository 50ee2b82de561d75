package io.strata.deviceingest.publish;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.publish.PublishLane.Delivery;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topics;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jboss.logging.Logger;

/**
 * Publishes device-ingest's events with one idempotent, acks=all producer behind two lanes it owns.
 * Scrapes never wait for Kafka: they hand events to a lane and go on.
 *
 * <ul>
 *   <li><b>samples</b>: bounded, drop-oldest; a sample Kafka did not acknowledge is counted and
 *       gone (the next scrape brings a fresher one).
 *   <li><b>events</b> (XID events and findings, both edge-triggered: a lost one is never seen
 *       again): never evicted, re-sent with the same CloudEvents id until Kafka acknowledges, under
 *       a large safety cap that is logged as an error and counted if ever hit.
 * </ul>
 *
 * Each lane has its own drain thread and its own share of records inside the producer, so a sample
 * flood cannot push an XID out or hold it back.
 */
@ApplicationScoped
public class KafkaEventPublisher {

  /** The CloudEvents source of every record this service writes. */
  public static final String SOURCE = "/strata/device-ingest";

  static final LaneMeterNames METERS =
      new LaneMeterNames(
          "strata.device.ingest.publish.sent",
          "strata.device.ingest.publish.failed",
          "strata.device.ingest.publish.dropped",
          "strata.device.ingest.publish.resent",
          "strata.device.ingest.publish.buffered",
          "strata.device.ingest.publish.unacknowledged");

  private static final Logger LOG = Logger.getLogger(KafkaEventPublisher.class);

  private final TextMapPropagator propagator;
  private final KafkaProducer<String, byte[]> producer;
  private final KafkaClientMetrics producerMetrics;
  private final PublishLane<OutboundRecord> samples;
  private final PublishLane<OutboundRecord> events;
  private final Counter unserializable;

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
    this.producer =
        new KafkaProducer<>(
            ProducerSettings.of(publish), new StringSerializer(), new ByteArraySerializer());
    this.producerMetrics = new KafkaClientMetrics(producer);
    producerMetrics.bindTo(registry);
    RecordSender sender = new RecordSender(producer, SOURCE);
    this.samples =
        new PublishLane<>(
            "samples",
            new DropOldestBuffer<>(publish.bufferCapacity()),
            Delivery.BEST_EFFORT,
            publish.maxUnacknowledged(),
            RecordSender::permanent,
            sender,
            registry,
            METERS);
    this.events =
        new PublishLane<>(
            "events",
            new RetainingBuffer<>(publish.eventCapacity()),
            Delivery.UNTIL_ACKNOWLEDGED,
            publish.maxUnacknowledged(),
            RecordSender::permanent,
            sender,
            registry,
            METERS);
    this.unserializable =
        Counter.builder("strata.device.ingest.publish.unserializable")
            .description("Events that could not be serialised (a bug; logged)")
            .register(registry);
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
    Map<String, String> traceContext = new HashMap<>(4);
    propagator.inject(Context.current(), traceContext, (carrier, k, v) -> carrier.put(k, v));
    OutboundRecord record =
        new OutboundRecord(
            event.topic().name(),
            event.key(),
            value,
            event.topic().eventType(),
            event.id(),
            event.time(),
            traceContext);
    laneOf(event).offer(record);
  }

  private PublishLane<OutboundRecord> laneOf(OutgoingEvent<?> event) {
    return event.topic().equals(Topics.DEVICE_SAMPLES) ? samples : events;
  }

  /** True while a lane is dropping or Kafka does not acknowledge records. */
  public boolean degraded() {
    return samples.degraded() || events.degraded();
  }

  /** Records waiting in both lanes. */
  public int buffered() {
    return samples.buffered() + events.buffered();
  }

  public int bufferedEvents() {
    return events.buffered();
  }

  /** Samples dropped oldest-first. */
  public long droppedCount() {
    return samples.droppedCount();
  }

  /** XID events and findings lost at the events lane's safety cap (should stay 0). */
  public long droppedEvents() {
    return events.droppedCount();
  }

  @PreDestroy
  public void close() {
    samples.close();
    events.close();
    producerMetrics.close();
    producer.close(Duration.ofSeconds(5));
  }
}
