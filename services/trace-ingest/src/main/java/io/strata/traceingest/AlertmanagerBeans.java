package io.strata.traceingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.topic.Topics;
import io.strata.kafka.publish.KafkaAvailability;
import io.strata.traceingest.alert.AlertEventMapper;
import io.strata.traceingest.alert.LabelMapping;
import io.strata.traceingest.alert.MappedKey;
import io.strata.traceingest.alert.PublishedAlerts;
import io.strata.traceingest.alert.WebhookAuthenticator;
import io.strata.traceingest.alert.WebhookLimits;
import io.strata.traceingest.alert.WebhookParser;
import io.strata.traceingest.config.AlertmanagerConfig;
import io.strata.traceingest.config.TraceIngestConfig;
import io.strata.traceingest.kafka.AlertSink;
import io.strata.traceingest.kafka.InFlightLimits;
import io.strata.traceingest.kafka.KafkaAlertSink;
import io.strata.traceingest.receiver.AlertPipeline;
import io.strata.traceingest.receiver.AlertmanagerHandler;
import io.strata.traceingest.receiver.AlertmanagerMetrics;
import io.vertx.core.Vertx;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

/** Wires the Alertmanager webhook's core from configuration (ADR 051). */
public class AlertmanagerBeans {

  private static final Logger LOG = Logger.getLogger(AlertmanagerBeans.class);

  @Produces
  @Singleton
  PublishedAlerts publishedAlerts(TraceIngestConfig config) {
    return new PublishedAlerts(config.alertmanager().dedupCapacity());
  }

  @Produces
  @Singleton
  AlertmanagerMetrics alertmanagerMetrics(MeterRegistry registry, PublishedAlerts published) {
    return new AlertmanagerMetrics(registry, published);
  }

  @Produces
  @Singleton
  AlertSink alertSink(Producer<String, byte[]> producer, Config raw) {
    // strata.topic.alerts comes from the events module's TopicConfigSource.
    String topicName = raw.getValue("strata.topic.alerts", String.class);
    return new KafkaAlertSink(producer, topicName, Topics.ALERTS);
  }

  @Produces
  @Singleton
  WebhookAuthenticator authenticator(TraceIngestConfig config) {
    AlertmanagerConfig alerts = config.alertmanager();
    AlertmanagerConfig.BasicAuth basic = alerts.basicAuth();
    if (basic.username().isPresent() != basic.password().isPresent()) {
      throw new IllegalStateException(
          "strata.trace-ingest.alertmanager.basic-auth.username and .password go together:"
              + " set both or neither");
    }
    WebhookAuthenticator authenticator =
        new WebhookAuthenticator(
            alerts.bearerToken().orElse(null),
            basic.username().orElse(null),
            basic.password().orElse(null),
            alerts.allowUnauthenticated());
    if (alerts.enabled() && !authenticator.configured()) {
      if (alerts.allowUnauthenticated()) {
        LOG.warn("Alertmanager webhook accepts unauthenticated notifications");
      } else {
        LOG.warn(
            "Alertmanager webhook has no credential configured: every notification is refused"
                + " (401 AUTH_NOT_CONFIGURED) until strata.trace-ingest.alertmanager.bearer-token"
                + " or basic-auth is set");
      }
    }
    return authenticator;
  }

  @Produces
  @Singleton
  AlertPipeline alertPipeline(
      TraceIngestConfig config,
      PublishedAlerts published,
      InFlightLimits limits,
      KafkaAvailability kafka,
      AlertSink sink,
      AlertmanagerMetrics metrics,
      Clock clock) {
    AlertmanagerConfig alerts = config.alertmanager();
    LabelMapping mapping = new LabelMapping(names(alerts.labels()), alerts.cluster().orElse(null));
    return new AlertPipeline(
        new AlertEventMapper(mapping), published, limits, kafka, sink, metrics, clock);
  }

  @Produces
  @Singleton
  AlertmanagerHandler alertmanagerHandler(
      Vertx vertx,
      TraceIngestConfig config,
      AlertPipeline pipeline,
      WebhookAuthenticator authenticator,
      AlertmanagerMetrics metrics) {
    AlertmanagerConfig alerts = config.alertmanager();
    WebhookParser parser =
        new WebhookParser(
            new WebhookLimits(
                alerts.maxAlerts(),
                alerts.maxLabelsPerAlert(),
                alerts.maxLabelLength(),
                alerts.maxAnnotationLength(),
                alerts.maxAlertCharacters()));
    return new AlertmanagerHandler(
        vertx,
        pipeline,
        parser,
        authenticator,
        metrics,
        config.receiver().maxBodyBytes(),
        config.receiver().retryAfter());
  }

  /** The configured label lists, key by key. */
  public static Map<MappedKey, List<String>> names(AlertmanagerConfig.Labels labels) {
    Map<MappedKey, List<String>> names = new EnumMap<>(MappedKey.class);
    names.put(MappedKey.CLUSTER, labels.cluster());
    names.put(MappedKey.NODE, labels.node());
    names.put(MappedKey.NAMESPACE, labels.namespace());
    names.put(MappedKey.WORKLOAD, labels.workload());
    names.put(MappedKey.JOB, labels.job());
    names.put(MappedKey.POD, labels.pod());
    names.put(MappedKey.CONTAINER, labels.container());
    names.put(MappedKey.MODEL_VERSION, labels.modelVersion());
    names.put(MappedKey.QUEUE, labels.queue());
    names.put(MappedKey.ACCELERATOR_TYPE, labels.acceleratorType());
    names.put(MappedKey.GPU_UUID, labels.gpuUuid());
    return names;
  }
}
