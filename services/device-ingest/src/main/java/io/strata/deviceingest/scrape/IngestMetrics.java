package io.strata.deviceingest.scrape;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/** device-ingest's own meters (Prometheus names: strata_device_ingest_*). */
final class IngestMetrics {

  private final MeterRegistry registry;
  private final Map<String, List<Gauge>> targetGauges = new ConcurrentHashMap<>();
  private final Counter skipped;
  private final Counter processingErrors;

  IngestMetrics(MeterRegistry registry) {
    this.registry = registry;
    this.skipped =
        Counter.builder("strata.device.ingest.scrapes.skipped")
            .description("Scrapes not started because the previous one of the target still ran")
            .register(registry);
    this.processingErrors =
        Counter.builder("strata.device.ingest.processing.errors")
            .description("Unexpected errors while mapping a page (a bug; logged)")
            .register(registry);
  }

  <T> void targets(T source, ToDoubleFunction<T> count) {
    Gauge.builder("strata.device.ingest.targets", source, count)
        .description("Scrape targets, static and discovered")
        .strongReference(true)
        .register(registry);
  }

  /**
   * @param missingFields expected fields no GPU of a target's last page reported
   * @param incompleteGpus GPUs of a target's last page lacking fields its other GPUs report
   */
  void scraped(
      ScrapeOutput output,
      Duration took,
      ToDoubleFunction<String> missingFields,
      ToDoubleFunction<String> incompleteGpus) {
    Tags target = Tags.of("target", output.target());
    String outcome = output.succeeded() ? "success" : output.failure().name().toLowerCase();
    Counter.builder("strata.device.ingest.scrapes")
        .description("Scrapes by outcome")
        .tags(target.and("outcome", outcome))
        .register(registry)
        .increment();
    Timer.builder("strata.device.ingest.scrape.duration")
        .description("Scrape and mapping time")
        .tags(target)
        .register(registry)
        .record(took);
    count(
        "strata.device.ingest.samples", "Device samples produced", output.samples(), Tags.empty());
    count(
        "strata.device.ingest.xid.events", "XID events produced", output.xidEvents(), Tags.empty());
    count("strata.device.ingest.findings", "Findings produced", output.findings(), Tags.empty());
    count(
        "strata.device.ingest.parse.errors",
        "Malformed lines in scraped pages",
        output.malformedLines(),
        target);
    count(
        "strata.device.ingest.values.non.finite",
        "NaN or infinite values read but not carried in samples",
        output.nonFiniteValues(),
        target);
    count(
        "strata.device.ingest.lines.without.gpu",
        "DCGM lines without a GPU identity (NvSwitch, CPU, link lines): counted, not mapped",
        output.linesWithoutGpu(),
        target);
    targetGauges.computeIfAbsent(
        output.target(),
        url ->
            List.of(
                Gauge.builder("strata.device.ingest.missing.fields", url, missingFields)
                    .description("Expected fields no GPU of the target's last page reported")
                    .tags(target)
                    .strongReference(true)
                    .register(registry),
                Gauge.builder("strata.device.ingest.gpus.incomplete", url, incompleteGpus)
                    .description(
                        "GPUs of the target's last page lacking expected fields its other GPUs"
                            + " report")
                    .tags(target)
                    .strongReference(true)
                    .register(registry)));
  }

  void skipped() {
    skipped.increment();
  }

  void processingError() {
    processingErrors.increment();
  }

  void forgetTarget(String url) {
    List<Gauge> gauges = targetGauges.remove(url);
    if (gauges != null) {
      gauges.forEach(registry::remove);
    }
  }

  private void count(String name, String description, long amount, Tags tags) {
    Counter counter = Counter.builder(name).description(description).tags(tags).register(registry);
    if (amount > 0) {
      counter.increment(amount);
    }
  }
}
