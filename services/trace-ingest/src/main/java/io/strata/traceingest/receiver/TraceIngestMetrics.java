package io.strata.traceingest.receiver;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.strata.traceingest.kafka.InFlightLimits;
import io.strata.traceingest.kafka.Refusal;
import io.strata.traceingest.otlp.DecodeFailure;
import io.strata.traceingest.summary.SpanRejection;
import java.util.Locale;

/**
 * trace-ingest's own meters. Tags are enums only (transport, outcome, reason): nothing a client
 * sends becomes a label.
 */
public final class TraceIngestMetrics {

  private final MeterRegistry registry;

  public TraceIngestMetrics(MeterRegistry registry, InFlightLimits limits) {
    this.registry = registry;
    registry.gauge("strata.trace.ingest.inflight.spans", limits, InFlightLimits::spansInFlight);
    registry.gauge(
        "strata.trace.ingest.inflight.requests", limits, InFlightLimits::requestsInFlight);
  }

  public void received(Transport transport, int spans) {
    counter("strata.trace.ingest.spans.received", "transport", transport.tag()).increment(spans);
  }

  public void published(int spans) {
    registry.counter("strata.trace.ingest.spans.published").increment(spans);
  }

  public void rejected(SpanRejection reason, int spans) {
    counter("strata.trace.ingest.spans.rejected", "reason", tag(reason)).increment(spans);
  }

  public void request(Transport transport, String outcome) {
    registry
        .counter("strata.trace.ingest.requests", "transport", transport.tag(), "outcome", outcome)
        .increment();
  }

  public void refused(Transport transport, Refusal reason) {
    request(transport, tag(reason));
  }

  public void malformed(Transport transport, DecodeFailure failure) {
    request(transport, tag(failure));
  }

  public void publishFailed() {
    registry.counter("strata.trace.ingest.publish.failures").increment();
  }

  private Counter counter(String name, String tag, String value) {
    return registry.counter(name, tag, value);
  }

  private static String tag(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
