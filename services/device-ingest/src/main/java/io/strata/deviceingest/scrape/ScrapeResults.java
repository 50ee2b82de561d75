package io.strata.deviceingest.scrape;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.strata.deviceingest.kafka.KafkaEventPublisher;
import io.strata.events.device.FindingReason;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * What happens to one scrape's result, page or failure: mapped by the {@link ScrapeProcessor}
 * inside a span (so every record it publishes carries the trace), handed to the publisher, counted
 * in the metrics and the data age, and logged when a finding says something changed. Separate from
 * the {@link ScrapeScheduler}, which only decides when each target is fetched.
 */
final class ScrapeResults {

  private static final Logger LOG = Logger.getLogger(ScrapeResults.class);

  private final ScrapeProcessor processor;
  private final KafkaEventPublisher publisher;
  private final DeviceIngestMetrics metrics;
  private final DataAge dataAge;
  private final Tracer tracer;
  private final Clock clock;

  ScrapeResults(
      ScrapeProcessor processor,
      KafkaEventPublisher publisher,
      DeviceIngestMetrics metrics,
      DataAge dataAge,
      Tracer tracer,
      Clock clock) {
    this.processor = processor;
    this.publisher = publisher;
    this.metrics = metrics;
    this.dataAge = dataAge;
    this.tracer = tracer;
    this.clock = clock;
  }

  /**
   * Maps and publishes one scrape's result; throws no RuntimeException (a page that cannot be
   * mapped is counted as a processing error and logged, and the next scrape of the target proceeds
   * as usual).
   *
   * @param error the fetch's failure, or null when {@code response} holds the page
   * @param startNanos {@link System#nanoTime()} when the fetch began, for the scrape duration
   */
  void handle(ScrapeTarget target, ScrapeResponse response, Throwable error, long startNanos) {
    Span span =
        tracer
            .spanBuilder("device-ingest scrape")
            .setAttribute("strata.target", target.url())
            .startSpan();
    Scope scope = span.makeCurrent();
    try {
      Instant now = clock.instant();
      ScrapeOutput output =
          error == null
              ? processor.processPage(target, response, now)
              : processor.processFailure(target, failureOf(target, error), now);
      output.events().forEach(publisher::publish);
      if (output.succeeded()) {
        dataAge.paged(target.url(), now);
      }
      metrics.scraped(
          output,
          Duration.ofNanos(System.nanoTime() - startNanos),
          processor::missingFields,
          processor::incompleteGpus);
      span.setAttribute("strata.samples", output.samples());
      if (!output.succeeded()) {
        span.setStatus(StatusCode.ERROR, output.failure().name());
      }
      logOutcome(output);
    } catch (RuntimeException e) {
      metrics.processingError();
      span.recordException(e);
      LOG.errorf(e, "cannot map the page of %s", target.url());
    } finally {
      scope.close();
      span.end();
    }
  }

  /** The scrape failure the fetch's exception carries, else a connection failure naming it. */
  static ScrapeFailure failureOf(ScrapeTarget target, Throwable error) {
    Throwable cause = error;
    while (cause.getCause() != null && !(cause instanceof ScrapeFailure)) {
      cause = cause.getCause();
    }
    return cause instanceof ScrapeFailure failure
        ? failure
        : new ScrapeFailure(FindingReason.CONNECTION_FAILED, target.url() + ": " + cause, cause);
  }

  private static void logOutcome(ScrapeOutput output) {
    if (!output.succeeded() && output.findings() > 0) {
      LOG.warnf("scrape of %s failed: %s", output.target(), output.failure());
    } else if (output.malformedLines() > 0 && output.findings() > 0) {
      LOG.warnf(
          "%s: %d malformed line(s), see strata_device_ingest_parse_errors_total",
          output.target(), output.malformedLines());
    }
  }
}
