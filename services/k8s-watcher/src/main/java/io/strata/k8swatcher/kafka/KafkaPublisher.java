package io.strata.k8swatcher.kafka;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.quarkus.runtime.Startup;
import io.strata.events.topic.Topics;
import io.strata.k8swatcher.config.K8sWatcherConfig;
import io.strata.kafka.metrics.ClientMetrics;
import io.strata.kafka.produce.ProducerSettings;
import io.strata.kafka.produce.RecordStamper;
import io.strata.kafka.publish.BoundedPublisher;
import io.strata.kafka.publish.BufferPolicy;
import io.strata.kafka.publish.OfferResult;
import io.strata.kafka.publish.OutboundRecord;
import io.strata.kafka.publish.PublishListener;
import io.strata.kafka.publish.PublisherHealth;
import io.strata.kafka.publish.PublisherOptions;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import jakarta.annotation.PostConstruct;
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
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * k8s-watcher's side of the shared bounded publisher (strata-kafka-support, ADR 011): informer
 * callbacks wait for room up to the offer timeout, then the record is refused (ADR 002: the
 * informer caches can always serve a full republish). A record refused or not acknowledged is
 * counted, logged, and its topic's full state republished.
 */
@Startup
@ApplicationScoped
public class KafkaPublisher {

  public static final String SOURCE = "/strata/k8s-watcher";
  private static final Logger LOG = Logger.getLogger(KafkaPublisher.class);

  @Inject K8sWatcherConfig config;
  @Inject Clock clock;
  @Inject MeterRegistry registry;
  @Inject RepublishRequests republish;

  @ConfigProperty(name = "kafka.bootstrap.servers")
  String bootstrapServers;

  private PublisherMetrics metrics;
  private KafkaProducer<String, byte[]> producer;
  private KafkaClientMetrics clientMetrics;
  private BoundedPublisher publisher;

  @PostConstruct
  void start() {
    metrics = new PublisherMetrics(registry);
    producer =
        new KafkaProducer<>(
            producerProperties(
                bootstrapServers,
                config.publisher().deliveryTimeout(),
                KafkaClientSecurity.fromConfig()),
            new StringSerializer(),
            new ByteArraySerializer());
    clientMetrics = ClientMetrics.bind(producer, registry);
    publisher =
        new BoundedPublisher(
            producer,
            RecordStamper.withoutTraceContext(SOURCE, clock),
            PublisherOptions.normalLaneOnly(
                BufferPolicy.waitThenRefuse(
                    config.publisher().bufferCapacity(), config.publisher().offerTimeout()),
                "strata-k8s-watcher-publisher"),
            new Outcomes(),
            new PublisherHealth(clock));
    Gauge.builder(PublisherMetrics.PENDING, publisher, BoundedPublisher::pending)
        .description("Distinct records waiting for Kafka")
        .register(registry);
  }

  /**
   * The producer's settings: the shared reliable ones for the watcher's four topics, and the
   * service's kafka.* security settings merged by {@code ProducerSettings.security} (this producer
   * is built by hand, not by Quarkus).
   */
  static Map<String, Object> producerProperties(
      String bootstrapServers, Duration deliveryTimeout, Map<String, Object> security) {
    return ProducerSettings.reliable(bootstrapServers, "strata-k8s-watcher")
        // strata.k8s.nodes.v1 is node-partitioned: the settings pick NodePartitioner.
        .writing(List.of(Topics.K8S_PODS, Topics.K8S_NODES, Topics.K8S_CLAIMS, Topics.K8S_EVENTS))
        .deliveryTimeout(deliveryTimeout)
        .requestTimeout(Duration.ofSeconds(15))
        .linger(Duration.ofMillis(5))
        .maxBlock(Duration.ofSeconds(30))
        .security(security)
        .properties();
  }

  /**
   * Hands a record to the buffer; called from informer callbacks. Blocks at most the configured
   * offer timeout when the buffer is full.
   */
  public void offer(OutboundRecord record) {
    OfferResult result = publisher.offer(record);
    metrics.offered(record, result);
  }

  public PublisherHealth health() {
    return publisher.health();
  }

  public int pending() {
    return publisher.pending();
  }

  /** What the watcher does about the outcomes: count them, and republish what was lost. */
  private final class Outcomes implements PublishListener {

    @Override
    public void acknowledged(OutboundRecord record) {
      metrics.published(record);
    }

    @Override
    public void failed(OutboundRecord record, Exception error, boolean retrying) {
      metrics.failed(record);
      republish.request(record.topic());
      LOG.errorf(
          "Kafka did not take %s %s: %s; its topic will be republished",
          record.topic(), record.key(), error.toString());
    }

    @Override
    public void refused(OutboundRecord record) {
      LOG.warnf(
          "outbound buffer full (%d records): dropped %s %s; its topic will be republished",
          config.publisher().bufferCapacity(), record.topic(), record.key());
      republish.request(record.topic());
    }
  }

  @PreDestroy
  void stop() {
    publisher.close(Duration.ofSeconds(10));
    clientMetrics.close();
    producer.close(Duration.ofSeconds(10));
  }
}
