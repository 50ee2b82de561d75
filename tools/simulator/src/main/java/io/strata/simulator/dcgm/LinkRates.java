package io.strata.simulator.dcgm;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * NVLink throughput per GPU in bytes per second, as the slope of the model's NVLink byte counter
 * over at least one second: DCGM derives its throughput fields from two samples of the link
 * counters the same way. Until a GPU has two samples a second apart its rate is unknown (NaN: no
 * line, as the exporter skips a blank value).
 */
final class LinkRates {

  private static final long MIN_INTERVAL_NANOS = 1_000_000_000L;

  private final Map<String, Sampler> byGpu = new ConcurrentHashMap<>();

  double bytesPerSecond(String gpuUuid, double counterBytes, Instant now) {
    if (Double.isNaN(counterBytes)) {
      return Double.NaN;
    }
    return byGpu.computeIfAbsent(gpuUuid, uuid -> new Sampler()).rate(counterBytes, now);
  }

  /** One GPU's window: a page can be rendered on either event loop. */
  private static final class Sampler {
    private long startNanos;
    private double startBytes = Double.NaN;
    private double rate = Double.NaN;

    synchronized double rate(double bytes, Instant now) {
      long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
      if (Double.isNaN(startBytes) || bytes < startBytes || nanos < startNanos) {
        // First sight, or a counter or clock that went back: a new window.
        startNanos = nanos;
        startBytes = bytes;
      } else if (nanos - startNanos >= MIN_INTERVAL_NANOS) {
        rate = Math.round((bytes - startBytes) * 1e9 / (nanos - startNanos));
        startNanos = nanos;
        startBytes = bytes;
      }
      return rate;
    }
  }
}
