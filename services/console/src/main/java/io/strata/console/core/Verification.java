package io.strata.console.core;

import io.strata.events.device.HealthStatus;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * After the first executed action: every window since, judged against the baseline band the way the
 * correlator declares recovery (p95 and queue wait at most band × baseline, effective throughput at
 * least baseline / band), and what is still out of band now.
 *
 * @param since the first execution, null when nothing ran yet (then {@code windows} is empty)
 */
public record Verification(
    Instant since,
    List<WindowCheck> windows,
    List<String> stillOutOfBand,
    boolean recovered,
    Long timeToRecoverMillis) {

  /** One window's verdict. */
  public record WindowCheck(
      Instant start,
      String modelVersion,
      double p95,
      double queueWaitP95,
      double effectiveThroughput,
      boolean p95InBand,
      boolean queueInBand,
      boolean throughputInBand) {
    public boolean pass() {
      return p95InBand && queueInBand && throughputInBand;
    }
  }

  static Verification of(
      Incident incident,
      Instant since,
      List<WindowPoint> windows,
      Map<String, BaselineBand> baselines,
      Map<String, HealthStatus> gpuHealth,
      double band) {
    List<WindowCheck> checks = new ArrayList<>();
    if (since != null) {
      for (WindowPoint window : windows) {
        // Only windows wholly after the action say whether it helped.
        if (window.start() == null || window.start().isBefore(since)) {
          continue;
        }
        BaselineBand base = pick(baselines, window.modelVersion());
        if (base == null) {
          continue;
        }
        double queue = window.stage(Stage.QUEUE_WAIT);
        checks.add(
            new WindowCheck(
                window.start(),
                window.modelVersion(),
                window.p95(),
                queue,
                window.effectiveThroughput(),
                window.p95() <= base.p95() * band,
                queue <= Math.max(base.stage(Stage.QUEUE_WAIT) * band, 1.0),
                window.effectiveThroughput() >= base.effectiveThroughput() / band));
      }
    }
    List<String> out = new ArrayList<>();
    if (!checks.isEmpty()) {
      WindowCheck last = checks.get(checks.size() - 1);
      BaselineBand base = pick(baselines, last.modelVersion());
      if (!last.p95InBand()) {
        out.add(
            "request p95 "
                + Texts.number(last.p95())
                + " ms > "
                + band
                + " × baseline "
                + Texts.number(base.p95())
                + " ms");
      }
      if (!last.queueInBand()) {
        out.add(
            "queue wait p95 "
                + Texts.number(last.queueWaitP95())
                + " ms > "
                + band
                + " × baseline "
                + Texts.number(base.stage(Stage.QUEUE_WAIT))
                + " ms");
      }
      if (!last.throughputInBand()) {
        out.add(
            "effective throughput "
                + Texts.number(last.effectiveThroughput())
                + " < baseline "
                + Texts.number(base.effectiveThroughput())
                + " / "
                + band);
      }
    }
    gpuHealth.forEach(
        (gpu, health) -> {
          if (health != HealthStatus.PASS && health != HealthStatus.UNSPECIFIED) {
            out.add("GPU " + gpu + " health " + health);
          }
        });
    boolean recovered = incident.state() == IncidentState.RESOLVED;
    return new Verification(since, checks, out, recovered, incident.timeToRecoverMillis());
  }

  private static BaselineBand pick(Map<String, BaselineBand> baselines, String modelVersion) {
    BaselineBand exact = modelVersion == null ? null : baselines.get(modelVersion);
    if (exact != null) {
      return exact;
    }
    return baselines.values().stream().findFirst().orElse(null);
  }
}
