package io.strata.correlator.core.request;

import org.HdrHistogram.Histogram;

/**
 * The requests one node × GPU of a workload served in a window: counts and a one-digit latency
 * histogram (10 % value error, a few dozen bytes encoded), enough to say which placements regressed
 * against the workload's baseline without keeping a request-level record.
 */
final class Placement {

  private static final int SIGNIFICANT_DIGITS = 1;

  long requests;
  long errors;
  final Histogram latency;

  Placement() {
    this(new Histogram(SIGNIFICANT_DIGITS));
    latency.setAutoResize(true);
  }

  Placement(Histogram latency) {
    this.latency = latency;
  }

  void add(double millis, boolean error) {
    requests++;
    if (error) {
      errors++;
    }
    LatencyHistograms.recordMillis(latency, millis);
  }

  void merge(Placement other) {
    requests += other.requests;
    errors += other.errors;
    latency.add(other.latency);
  }

  PlacementStats stats(String key) {
    int separator = key.indexOf(KEY_SEPARATOR);
    String node = key.substring(0, separator);
    String gpu = key.substring(separator + 1);
    return new PlacementStats(
        node.isEmpty() ? null : node,
        gpu.isEmpty() ? null : gpu,
        requests,
        errors,
        LatencyHistograms.percentileMillis(latency, 95.0));
  }

  static final char KEY_SEPARATOR = '|';

  /** node|gpu, either part empty when the trace did not carry it. */
  static String key(String node, String gpu) {
    return (node == null ? "" : node) + KEY_SEPARATOR + (gpu == null ? "" : gpu);
  }
}
