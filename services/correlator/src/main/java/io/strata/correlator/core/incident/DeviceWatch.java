package io.strata.correlator.core.incident;

import io.strata.correlator.core.state.TrackerKeys;
import java.time.Instant;

/**
 * The workload side's note that a device incident affects the workload: its closed windows are
 * reported to the device-incident side until it has been in band long enough, or has gone quiet.
 *
 * @param trackerKey the device incident ({@link TrackerKeys})
 * @param since when the device trouble was reported
 * @param measuredAt the end of the workload's newest window with enough requests to be evaluated
 * @param inBandStreak windows in band in a row reported so far
 */
public record DeviceWatch(String trackerKey, Instant since, Instant measuredAt, int inBandStreak) {

  /** The node key the device incident lives under (its tracker key up to the GPU). */
  public String nodeKey() {
    return TrackerKeys.nodeKeyOf(trackerKey);
  }

  /** The last time the workload had measurable traffic, or when watching started. */
  public Instant lastTraffic() {
    return measuredAt != null && measuredAt.isAfter(since) ? measuredAt : since;
  }
}
