package io.strata.traceingest.receiver;

import io.strata.events.alert.AlertEvent;
import io.strata.kafka.publish.KafkaAvailability;
import io.strata.traceingest.alert.AlertEventMapper;
import io.strata.traceingest.alert.PublishedAlerts;
import io.strata.traceingest.alert.WebhookMessage;
import io.strata.traceingest.kafka.AlertSink;
import io.strata.traceingest.kafka.InFlightLimits;
import io.strata.traceingest.kafka.Refusal;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * One Alertmanager notification: map its alerts, drop those already published in the same state,
 * admit the rest against the in-flight limits and Kafka's availability (shared with the OTLP
 * receivers), publish, and remember them only once Kafka acknowledged every one. The stage never
 * fails: every way out is an {@link AlertOutcome}.
 */
public final class AlertPipeline {

  private final AlertEventMapper mapper;
  private final PublishedAlerts published;
  private final InFlightLimits limits;
  private final KafkaAvailability kafka;
  private final AlertSink sink;
  private final AlertmanagerMetrics metrics;
  private final Clock clock;

  public AlertPipeline(
      AlertEventMapper mapper,
      PublishedAlerts published,
      InFlightLimits limits,
      KafkaAvailability kafka,
      AlertSink sink,
      AlertmanagerMetrics metrics,
      Clock clock) {
    this.mapper = mapper;
    this.published = published;
    this.limits = limits;
    this.kafka = kafka;
    this.sink = sink;
    this.metrics = metrics;
    this.clock = clock;
  }

  /** Claims a request slot (shared with OTLP); false means refuse right away. */
  public boolean tryBeginRequest() {
    return limits.tryAcquireRequest();
  }

  public void endRequest() {
    limits.releaseRequest();
  }

  public CompletionStage<AlertOutcome> handle(WebhookMessage message) {
    List<AlertEvent> events = mapper.events(message, clock.instant());
    metrics.received(events.size());
    List<AlertEvent> news = published.unpublished(events);
    AlertOutcome.Accepted accepted =
        new AlertOutcome.Accepted(events.size(), news.size(), events.size() - news.size());
    if (news.isEmpty()) {
      metrics.accepted(accepted);
      return CompletableFuture.completedFuture(accepted);
    }
    KafkaAvailability.Pass pass = kafka.tryPass();
    if (pass == KafkaAvailability.Pass.REFUSED) {
      return refused(
          Refusal.KAFKA_UNAVAILABLE,
          "Kafka is unavailable since "
              + kafka.status().unavailableSince()
              + " ("
              + kafka.status().lastError()
              + ")");
    }
    if (!limits.tryAcquireSpans(news.size())) {
      kafka.abandoned(pass);
      return refused(
          Refusal.OVERLOADED,
          "too many records in flight to Kafka (" + limits.spansInFlight() + "); retry later");
    }
    return sink.publish(news)
        .handle(
            (ignored, error) -> {
              limits.releaseSpans(news.size());
              if (error == null) {
                kafka.succeeded(pass);
                published.remember(news);
                metrics.accepted(accepted);
                return (AlertOutcome) accepted;
              }
              kafka.failed(pass, describe(error));
              return new AlertOutcome.Refused(
                  Refusal.KAFKA_UNAVAILABLE,
                  "Kafka did not acknowledge the alerts: " + describe(error));
            });
  }

  private static CompletionStage<AlertOutcome> refused(Refusal reason, String message) {
    return CompletableFuture.completedFuture(new AlertOutcome.Refused(reason, message));
  }

  private static String describe(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause.getClass().getSimpleName() + ": " + cause.getMessage();
  }
}
