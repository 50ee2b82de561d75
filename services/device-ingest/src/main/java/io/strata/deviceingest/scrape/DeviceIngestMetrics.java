package io.strata.deviceingest.scrape;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * device-ingest's own meters (Prometheus names: strata_device_ingest_*). A target's meters are
 * looked up once and kept: a registry lookup per meter per scrape was 4 % of the scrape path's CPU
 * at 1,000 GPUs (docs/benchmarks.md, tools/ingest-bench).
 */
final class DeviceIngestMetrics {

  /** The meters of one target. */
  private record TargetMeters(
      Map<String, Counter> outcomes,
      Timer duration,
      Counter parseErrors,
      Counter nonFinite,
      Counter withoutGpu,
      List<Gauge> gauges) {}

  private final MeterRegistry registry;
  private final Map<String, TargetMeters> targets = new ConcurrentHashMap<>();
  private final Counter skipped;
  private final Counter deferred;
  private final Counter processingErrors;
  private final Counter samples;
  private final Counter xidEvents;
  private final Counter findings;

  DeviceIngestMetrics(MeterRegistry registry) {
    this.registry = registry;
    this.skipped =
        Counter.builder("strata.device.ingest.scrapes.skipped")
            .description(
                "Slots passed over because the target's previous scrape still ran or waited")
            .register(registry);
    this.deferred =
        Counter.builder("strata.device.ingest.scrapes.deferred")
            .description("Scrapes that waited for a place under the concurrency cap")
            .register(registry);
    this.processingErrors =
        Counter.builder("strata.device.ingest.processing.errors")
            .description("Unexpected errors while mapping a page (a bug; logged)")
            .register(registry);
    this.samples =
        Counter.builder("strata.device.ingest.samples")
            .description("Device samples produced")
            .register(registry);
    this.xidEvents =
        Counter.builder("strata.device.ingest.xid.events")
            .description("XID events produced")
            .register(registry);
    this.findings =
        Counter.builder("strata.device.ingest.findings")
            .description("Findings produced")
            .register(registry);
  }

  <T> void targets(T source, ToDoubleFunction<T> count) {
    Gauge.builder("strata.device.ingest.targets", source, count)
        .description("Scrape targets, static and discovered")
        .strongReference(true)
        .register(registry);
  }

  /** The age of the oldest newest page among this replica's targets ({@link DataAge}). */
  void dataAge(Supplier<Duration> oldest) {
    Gauge.builder("strata.device.ingest.data.age.max", oldest, o -> o.get().toMillis() / 1000.0)
        .description(
            "Age of the oldest target's newest page (a target that never answered: since its"
                + " first attempt); near the interval while device-ingest holds it")
        .baseUnit("seconds")
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
    TargetMeters meters =
        targets.computeIfAbsent(
            output.target(), url -> register(url, missingFields, incompleteGpus));
    String outcome =
        output.succeeded() ? "success" : output.failure().name().toLowerCase(Locale.ROOT);
    meters
        .outcomes()
        .computeIfAbsent(
            outcome,
            o ->
                Counter.builder("strata.device.ingest.scrapes")
                    .description("Scrapes by outcome")
                    .tags(Tags.of("target", output.target(), "outcome", o))
                    .register(registry))
        .increment();
    meters.duration().record(took);
    add(samples, output.samples());
    add(xidEvents, output.xidEvents());
    add(findings, output.findings());
    add(meters.parseErrors(), output.malformedLines());
    add(meters.nonFinite(), output.nonFiniteValues());
    add(meters.withoutGpu(), output.linesWithoutGpu());
  }

  private TargetMeters register(
      String url, ToDoubleFunction<String> missingFields, ToDoubleFunction<String> incompleteGpus) {
    Tags target = Tags.of("target", url);
    return new TargetMeters(
        new ConcurrentHashMap<>(),
        Timer.builder("strata.device.ingest.scrape.duration")
            .description("Scrape and mapping time")
            .tags(target)
            .register(registry),
        Counter.builder("strata.device.ingest.parse.errors")
            .description("Malformed lines in scraped pages")
            .tags(target)
            .register(registry),
        Counter.builder("strata.device.ingest.values.non.finite")
            .description("NaN or infinite values read but not carried in samples")
            .tags(target)
            .register(registry),
        Counter.builder("strata.device.ingest.lines.without.gpu")
            .description(
                "DCGM lines without a GPU identity (NvSwitch, CPU, link lines): counted, not mapped")
            .tags(target)
            .register(registry),
        List.of(
            Gauge.builder("strata.device.ingest.missing.fields", url, missingFields)
                .description("Expected fields no GPU of the target's last page reported")
                .tags(target)
                .strongReference(true)
                .register(registry),
            Gauge.builder("strata.device.ingest.gpus.incomplete", url, incompleteGpus)
                .description(
                    "GPUs of the target's last page lacking expected fields its other GPUs report")
                .tags(target)
                .strongReference(true)
                .register(registry)));
  }

  void skipped() {
    skipped.increment();
  }

  void deferred() {
    deferred.increment();
  }

  void processingError() {
    processingErrors.increment();
  }

  void forgetTarget(String url) {
    TargetMeters meters = targets.remove(url);
    if (meters != null) {
      meters.gauges().forEach(registry::remove);
    }
  }

  private static void add(Counter counter, long amount) {
    if (amount > 0) {
      counter.increment(amount);
    }
  }
}
