package io.strata.correlator.core.node;

import io.strata.correlator.core.state.GpuView;
import java.time.Duration;
import java.time.Instant;

/**
 * Which GPUs the node side forgets: one that sent no sample for the state retention (a removed
 * node, a replaced board), unless a recovery is still to be reported for it.
 */
public final class SilentGpus {

  private SilentGpus() {}

  /**
   * @param now the stream time of the sweep
   */
  public static boolean forgotten(GpuView gpu, Instant now, Duration retention) {
    Instant last = gpu.latest() == null ? null : gpu.latest().scrapedAt();
    // A sample without a scrape time cannot age out (device-ingest always stamps one).
    return gpu.cleanToReport() == 0 && last != null && last.isBefore(now.minus(retention));
  }
}
