package io.strata.correlator.streams;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.events.device.HealthStatus;
import io.strata.events.k8s.PodPhase;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.streams.kstream.Materialized;

/**
 * Load client for the topology's processing cost (not a test; run with {@code mvn -Pbench
 * test-compile exec:exec}, see docs/benchmarks.md). Drives the real topology in a
 * TopologyTestDriver with production windows (1 min advancing 10 s) and in-memory stores, so the
 * number is the correlator's own CPU cost per span without broker I/O.
 *
 * <p>Arguments: workloads (default 10), requests per second per workload (10), simulated minutes
 * (5). Each request is 6 spans; every GPU is sampled every 15 s; the second half of the workloads
 * regress (queue backlog) in the last minute.
 */
public final class TopologyThroughputBench {

  private TopologyThroughputBench() {}

  public static void main(String[] args) {
    int workloads = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    int rps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    int minutes = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    run(Math.min(workloads, 4), rps, 2, false);
    Result result = run(workloads, rps, minutes, true);
    System.out.printf(
        Locale.ROOT,
        "workloads=%d rps/workload=%d simulated=%d min: %d requests, %d spans, %d samples in %.2f s"
            + " -> %.0f spans/s, %.0f requests/s; windows evaluated=%.0f, incident versions=%d%n",
        workloads,
        rps,
        minutes,
        result.requests,
        result.requests * 6,
        result.samples,
        result.seconds,
        result.requests * 6 / result.seconds,
        result.requests / result.seconds,
        result.windows,
        result.incidents);
  }

  private record Result(
      long requests, long samples, double seconds, double windows, int incidents) {}

  private static Result run(int workloads, int rps, int minutes, boolean report) {
    CorrelatorSettings defaults = CorrelatorSettings.defaults();
    CorrelatorSettings settings =
        new CorrelatorSettings(
            defaults.traces(),
            defaults.windows(),
            defaults.regression(),
            defaults.lifecycle(),
            defaults.ownership(),
            defaults.device(),
            defaults.alerts(),
            1,
            defaults.nodePartitions(),
            Materialized.StoreType.IN_MEMORY);
    try (Scenario s = new Scenario(settings)) {
      Scenario.Server[] servers = new Scenario.Server[workloads * 2];
      for (int w = 0; w < workloads; w++) {
        for (int p = 0; p < 2; p++) {
          String pod = "w" + w + "-" + p;
          String node = "node-" + (w * 2 + p) % 16;
          String gpu = "GPU-" + w + "-" + p;
          s.pod(Scenario.pod(pod, "w" + w, node, "v1", PodPhase.RUNNING, gpu), Scenario.T0);
          servers[w * 2 + p] = new Scenario.Server("w" + w, pod, node, gpu, "v1");
        }
      }
      Duration step = Duration.ofNanos(1_000_000_000L / rps);
      Instant end = Scenario.T0.plus(Duration.ofMinutes(minutes));
      Instant regressFrom = end.minus(Duration.ofMinutes(1));
      Map<Stage, Long> healthy = Scenario.healthy();
      Map<Stage, Long> backlog = Scenario.stages(900, 0, 10, 100, 5);
      long requests = 0;
      long samples = 0;
      Instant nextScrape = Scenario.T0;
      long started = System.nanoTime();
      for (Instant t = Scenario.T0; t.isBefore(end); t = t.plus(step)) {
        if (!t.isBefore(nextScrape)) {
          for (Scenario.Server server : servers) {
            s.sample(
                Scenario.sample(
                    server.node(),
                    server.gpu(),
                    server.pod(),
                    HealthStatus.PASS,
                    Scenario.normalFields(70)),
                t);
            samples++;
          }
          nextScrape = nextScrape.plusSeconds(15);
        }
        for (int w = 0; w < workloads; w++) {
          boolean regress = w >= workloads / 2 && !t.isBefore(regressFrom);
          s.request(servers[w * 2 + (int) (requests % 2)], t, regress ? backlog : healthy, false);
          requests++;
        }
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      double windows =
          s.registry.find("strata.correlator.windows").counters().stream()
              .mapToDouble(c -> c.count())
              .sum();
      int incidents = s.incidents().size();
      if (!report) {
        return null;
      }
      return new Result(requests, samples, seconds, windows, incidents);
    }
  }
}
