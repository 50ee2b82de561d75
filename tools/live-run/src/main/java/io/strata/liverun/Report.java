package io.strata.liverun;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Turns ticks and injections into the lines the run prints and the summary it ends with. */
final class Report {

  /** Lag per group/topic over the steady part of the run (its last two thirds). */
  record LagGrowth(
      String consumer, String topic, long first, long last, long max, double perSecond) {}

  /** The end of the run in one record (also the machine-readable file's "summary"). */
  record Summary(
      int gpus,
      long seconds,
      List<LagGrowth> lags,
      double scrapeMeanMs,
      double worstScrapesPerTargetPerSecond,
      double heapTotalMaxMiB,
      Map<String, Double> heapMaxMiB,
      Map<String, Double> meanCores,
      int injected,
      int incidents,
      Long p50Millis,
      Long p99Millis,
      Long scrapedP50Millis,
      Long scrapedP99Millis,
      Long publishedP50Millis,
      Long publishedP99Millis) {}

  private Report() {}

  static List<String> lines(Tick t) {
    List<String> out = new ArrayList<>();
    String at = "[+" + t.elapsedSeconds() + "s]";
    t.groupLag().forEach((group, lag) -> out.add(at + " lag group " + group + ": " + join(lag)));
    t.readerLag().forEach((svc, lag) -> out.add(at + " lag reader " + svc + ": " + join(lag)));
    out.add(
        String.format(
            Locale.ROOT,
            "%s device-ingest: %.0f targets, scrape mean %.1f ms max %.0f ms, %.2f scrapes/target/s"
                + " (data age %.2f s), %.1f skipped/s, %.1f waited for a place/s",
            at,
            t.targets(),
            t.scrapeMeanMs(),
            t.scrapeMaxMs(),
            t.scrapesPerTargetPerSecond(),
            t.dataAgeSeconds(),
            t.skippedPerSecond(),
            t.deferredPerSecond()));
    out.add(
        at
            + " records/s: "
            + t.topicRate().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .map(e -> e.getKey() + "=" + fmt(e.getValue()))
                .collect(Collectors.joining(" ")));
    out.add(
        at
            + " heap MiB: "
            + t.heapMiB().entrySet().stream()
                .map(e -> e.getKey() + "=" + fmt(e.getValue()))
                .collect(Collectors.joining(" "))
            + " total="
            + fmt(t.heapTotalMiB()));
    out.add(
        at
            + " cpu cores: "
            + t.cores().entrySet().stream()
                .map(e -> e.getKey() + "=" + String.format(Locale.ROOT, "%.2f", e.getValue()))
                .collect(Collectors.joining(" ")));
    return out;
  }

  static Summary summarise(int gpus, List<Tick> ticks, List<Injection> injections) {
    // Growth is judged after the first third: every service starts with a backlog of what was
    // produced while it started (and the JIT warms), which says nothing about keeping up.
    List<Tick> steady = ticks.subList(ticks.size() / 3, ticks.size());
    Tick first = steady.get(0);
    Tick last = ticks.get(ticks.size() - 1);
    double span = Math.max(1, last.elapsedSeconds() - first.elapsedSeconds());
    Map<String, LagGrowth> lags = new TreeMap<>();
    for (Tick t : steady) {
      t.groupLag()
          .forEach(
              (g, byTopic) ->
                  byTopic.forEach((topic, lag) -> grow(lags, "group " + g, topic, lag)));
      t.readerLag()
          .forEach(
              (s, byTopic) ->
                  byTopic.forEach((topic, lag) -> grow(lags, "reader " + s, topic, lag)));
    }
    List<LagGrowth> growth = new ArrayList<>();
    lags.values()
        .forEach(
            l ->
                growth.add(
                    new LagGrowth(
                        l.consumer(),
                        l.topic(),
                        l.first(),
                        l.last(),
                        l.max(),
                        (l.last() - l.first()) / span)));
    Map<String, Double> heapMax = new TreeMap<>();
    Map<String, Double> cores = new TreeMap<>();
    for (Tick t : ticks) {
      t.heapMiB().forEach((s, v) -> heapMax.merge(s, v, Math::max));
      t.cores().forEach((p, v) -> cores.merge(p, v / ticks.size(), Double::sum));
    }
    List<Long> latencies =
        injections.stream().map(Injection::latencyMillis).filter(l -> l != null).toList();
    List<Long> scraped =
        injections.stream().map(Injection::scrapedAfterMillis).filter(l -> l != null).toList();
    List<Long> published =
        injections.stream().map(Injection::publishedAfterMillis).filter(l -> l != null).toList();
    return new Summary(
        gpus,
        last.elapsedSeconds(),
        growth,
        ticks.stream().mapToDouble(Tick::scrapeMeanMs).average().orElse(0),
        ticks.stream().mapToDouble(Tick::scrapesPerTargetPerSecond).min().orElse(0),
        ticks.stream().mapToDouble(Tick::heapTotalMiB).max().orElse(0),
        heapMax,
        cores,
        injections.size(),
        latencies.size(),
        percentileOrNull(latencies, 50),
        percentileOrNull(latencies, 99),
        percentileOrNull(scraped, 50),
        percentileOrNull(scraped, 99),
        percentileOrNull(published, 50),
        percentileOrNull(published, 99));
  }

  private static Long percentileOrNull(List<Long> values, double p) {
    OptionalLong percentile = Latencies.percentile(values, p);
    return percentile.isPresent() ? percentile.getAsLong() : null;
  }

  /** The final table: one row per figure, then one per injection. */
  static List<String> table(Summary s, List<Injection> injections) {
    List<String> out = new ArrayList<>();
    out.add("| figure | value |");
    out.add("|---|---|");
    out.add("| GPUs | " + s.gpus() + " |");
    out.add("| measured | " + s.seconds() + " s |");
    for (LagGrowth l : s.lags()) {
      out.add(
          String.format(
              Locale.ROOT,
              "| lag %s %s (steady part) | first %d, last %d, max %d, growth %.1f/s |",
              l.consumer(),
              l.topic(),
              l.first(),
              l.last(),
              l.max(),
              l.perSecond()));
    }
    out.add(
        String.format(Locale.ROOT, "| device-ingest mean scrape | %.1f ms |", s.scrapeMeanMs()));
    out.add(
        String.format(
            Locale.ROOT,
            "| device-ingest worst scrapes/target/s | %.2f |",
            s.worstScrapesPerTargetPerSecond()));
    out.add(String.format(Locale.ROOT, "| heap total, max | %.0f MiB |", s.heapTotalMaxMiB()));
    s.heapMaxMiB()
        .forEach(
            (svc, v) -> out.add(String.format(Locale.ROOT, "| heap %s, max | %.0f MiB |", svc, v)));
    s.meanCores()
        .forEach(
            (p, v) -> out.add(String.format(Locale.ROOT, "| cpu %s, mean | %.2f cores |", p, v)));
    out.add(
        "| XID 79 → incident | "
            + s.incidents()
            + " of "
            + s.injected()
            + ", p50 "
            + ms(s.p50Millis())
            + ", p99 "
            + ms(s.p99Millis())
            + " |");
    out.add(
        "| of which injection → XID scraped | p50 "
            + ms(s.scrapedP50Millis())
            + ", p99 "
            + ms(s.scrapedP99Millis())
            + " |");
    out.add(
        "| of which injection → XID readable on strata.device.xids.v1 | p50 "
            + ms(s.publishedP50Millis())
            + ", p99 "
            + ms(s.publishedP99Millis())
            + " |");
    List<Injection> byNumber = new ArrayList<>(injections);
    byNumber.sort(java.util.Comparator.comparingInt(Injection::number));
    for (Injection i : byNumber) {
      out.add(
          "| injection "
              + i.number()
              + " at +"
              + i.atElapsedSeconds()
              + " s, "
              + i.node()
              + " "
              + i.gpuUuid()
              + " | "
              + (i.latencyMillis() == null ? "no incident" : split(i) + ", " + i.incidentId())
              + " |");
    }
    return out;
  }

  /** "1234 ms (scraped after 500 ms, XID readable after 510 ms)": an incident's latency, split. */
  static String split(Injection i) {
    return i.latencyMillis()
        + " ms (scraped after "
        + i.scrapedAfterMillis()
        + " ms, XID readable after "
        + ms(i.publishedAfterMillis())
        + ")";
  }

  private static void grow(Map<String, LagGrowth> lags, String consumer, String topic, long lag) {
    lags.merge(
        consumer + " " + topic,
        new LagGrowth(consumer, topic, lag, lag, lag, 0),
        (old, now) ->
            new LagGrowth(consumer, topic, old.first(), lag, Math.max(old.max(), lag), 0));
  }

  private static String ms(Long millis) {
    return millis == null ? "-" : millis + " ms";
  }

  private static String join(Map<String, Long> lag) {
    return lag.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.0f", v);
  }
}
