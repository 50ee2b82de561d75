package io.strata.correlator.core.request;

/**
 * What one node × GPU of a workload served in a closed window.
 *
 * @param node null when the requests carried no node
 * @param gpuUuid null when the requests carried no GPU
 * @param p95 request latency p95 in milliseconds (one significant digit)
 */
public record PlacementStats(String node, String gpuUuid, long requests, long errors, double p95) {

  public double errorRate() {
    return requests == 0 ? 0.0 : (double) errors / requests;
  }
}
