package io.strata.liverun;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of one interval, from two readings: lags at its end, rates over it.
 *
 * @param groupLag consumer group → topic → records behind (the Admin API's committed offsets)
 * @param readerLag service → topic → records behind, from the service's own consumer metrics
 *     (readers without a group: the remediator's and console's incident readers)
 * @param topicRate topic → records written per second
 * @param scrapeMeanMs device-ingest's mean scrape (fetch + mapping) over the interval
 * @param scrapeMaxMs the longest recent scrape (Micrometer's decaying max over targets)
 * @param scrapesPerTargetPerSecond successful scrapes per target per second: 1.0 holds a 1 s
 *     interval
 * @param dataAgeSeconds the oldest target's newest page at the interval's end, from device-ingest's
 *     {@code strata_device_ingest_data_age_max_seconds}; from a build without that gauge, 1 / the
 *     above (-1: no successful scrape in the interval)
 * @param heapMiB service → heap used (jvm_memory_used_bytes{area="heap"})
 * @param cores process → CPU cores used over the interval (/proc utime + stime)
 */
record Tick(
    long elapsedSeconds,
    Map<String, Map<String, Long>> groupLag,
    Map<String, Map<String, Long>> readerLag,
    Map<String, Double> topicRate,
    double targets,
    double scrapeMeanMs,
    double scrapeMaxMs,
    double scrapesPerTargetPerSecond,
    double dataAgeSeconds,
    double skippedPerSecond,
    double deferredPerSecond,
    Map<String, Double> heapMiB,
    double heapTotalMiB,
    Map<String, Double> cores) {

  static final String DEVICE_INGEST = "device-ingest";
  private static final String SCRAPE = "strata_device_ingest_scrape_duration_seconds";
  private static final String DATA_AGE = "strata_device_ingest_data_age_max_seconds";

  static Tick between(
      Reading previous, Reading current, long startMillis, double clockTicksPerSecond) {
    double seconds = Math.max(0.001, (current.atMillis() - previous.atMillis()) / 1000.0);
    Map<String, Double> rate = new TreeMap<>();
    current
        .kafka()
        .recordsByTopic()
        .forEach(
            (topic, total) -> {
              long before = previous.kafka().recordsByTopic().getOrDefault(topic, total);
              rate.put(topic, (total - before) / seconds);
            });
    List<PromText.Series> di = current.metrics().getOrDefault(DEVICE_INGEST, List.of());
    List<PromText.Series> diBefore = previous.metrics().getOrDefault(DEVICE_INGEST, List.of());
    double count = delta(di, diBefore, SCRAPE + "_count");
    double sum = delta(di, diBefore, SCRAPE + "_sum");
    double targets = PromText.sum(di, "strata_device_ingest_targets");
    double successes =
        PromText.sum(di, "strata_device_ingest_scrapes_total", "outcome", "success")
            - PromText.sum(diBefore, "strata_device_ingest_scrapes_total", "outcome", "success");
    double perTarget = targets > 0 ? successes / targets / seconds : 0;
    double maxMs = 0;
    double dataAge = perTarget > 0 ? 1 / perTarget : -1;
    for (PromText.Series s : di) {
      if (s.name().equals(SCRAPE + "_max")) {
        maxMs = Math.max(maxMs, s.value() * 1000);
      } else if (s.name().equals(DATA_AGE)) {
        dataAge = s.value();
      }
    }
    Map<String, Double> heap = new LinkedHashMap<>();
    Map<String, Map<String, Long>> readers = new TreeMap<>();
    current
        .metrics()
        .forEach(
            (service, series) -> {
              if (!series.isEmpty()) {
                heap.put(
                    service,
                    PromText.sum(series, "jvm_memory_used_bytes", "area", "heap") / (1 << 20));
              }
              Map<String, Long> lag = readerLag(series);
              // The correlator's consumers are its group's, already in groupLag.
              if (!lag.isEmpty() && !service.equals("correlator")) {
                readers.put(service, lag);
              }
            });
    Map<String, Double> cores = new LinkedHashMap<>();
    current
        .cpuTicks()
        .forEach(
            (process, ticks) -> {
              Long before = previous.cpuTicks().get(process);
              if (before != null) {
                cores.put(process, (ticks - before) / clockTicksPerSecond / seconds);
              }
            });
    return new Tick(
        Math.round((current.atMillis() - startMillis) / 1000.0),
        current.kafka().lagByGroup(),
        readers,
        rate,
        targets,
        count > 0 ? sum / count * 1000 : 0,
        maxMs,
        perTarget,
        dataAge,
        delta(di, diBefore, "strata_device_ingest_scrapes_skipped_total") / seconds,
        delta(di, diBefore, "strata_device_ingest_scrapes_deferred_total") / seconds,
        heap,
        heap.values().stream().mapToDouble(Double::doubleValue).sum(),
        cores);
  }

  private static double delta(
      List<PromText.Series> now, List<PromText.Series> before, String name) {
    return PromText.sum(now, name) - PromText.sum(before, name);
  }

  /**
   * Micrometer's KafkaClientMetrics: {@code kafka_consumer_fetch_manager_records_lag} per assigned
   * partition (the consumer's fetch-manager "records-lag"), summed per topic; NaN (not yet known)
   * skipped.
   */
  static Map<String, Long> readerLag(List<PromText.Series> series) {
    Map<String, Long> lag = new TreeMap<>();
    for (PromText.Series s : series) {
      String topic = s.labels().get("topic");
      if (s.name().equals("kafka_consumer_fetch_manager_records_lag")
          && topic != null
          && s.labels().containsKey("partition")
          && !Double.isNaN(s.value())) {
        lag.merge(topic, Math.round(s.value()), Long::sum);
      }
    }
    // The fetch manager tags some series with the topic as named and some with dots as
    // underscores; keep one of each pair.
    lag.keySet().removeIf(t -> !t.contains(".") && lag.containsKey(t.replace('_', '.')));
    return lag;
  }
}
