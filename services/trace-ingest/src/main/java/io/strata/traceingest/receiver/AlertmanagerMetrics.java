package io.strata.traceingest.receiver;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.traceingest.alert.PublishedAlerts;
import io.strata.traceingest.alert.WebhookRejection;
import io.strata.traceingest.kafka.Refusal;
import java.util.Locale;

/**
 * The Alertmanager webhook's meters, in the service's naming (strata.trace.ingest.*). Tags are
 * enums only: nothing a sender writes becomes a label.
 */
public final class AlertmanagerMetrics {

  private final MeterRegistry registry;

  public AlertmanagerMetrics(MeterRegistry registry, PublishedAlerts published) {
    this.registry = registry;
    registry.gauge("strata.trace.ingest.alerts.remembered", published, PublishedAlerts::size);
  }

  /** Alerts in a readable notification. */
  public void received(int alerts) {
    registry.counter("strata.trace.ingest.alerts.received").increment(alerts);
  }

  /** A notification answered 200: its news published, its repeats dropped. */
  public void accepted(AlertOutcome.Accepted accepted) {
    registry.counter("strata.trace.ingest.alerts.published").increment(accepted.published());
    registry.counter("strata.trace.ingest.alerts.deduplicated").increment(accepted.deduplicated());
    request("accepted");
  }

  public void refused(Refusal reason) {
    request(tag(reason));
  }

  public void rejected(WebhookRejection reason) {
    request(tag(reason));
  }

  public void failed() {
    request("internal_error");
  }

  private void request(String outcome) {
    registry.counter("strata.trace.ingest.alertmanager.requests", "outcome", outcome).increment();
  }

  private static String tag(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
