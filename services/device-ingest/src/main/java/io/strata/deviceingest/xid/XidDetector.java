package io.strata.deviceingest.xid;

import io.strata.deviceingest.assemble.GpuReading;
import io.strata.events.device.XidSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns the exporter's XID signals into occurrences, once per new occurrence, never once per
 * scrape. Per-GPU state (keyed by target and GPU identity):
 *
 * <ul>
 *   <li>DCGM_FI_DEV_XID_ERRORS is sticky: it holds the last XID since the driver loaded. An XID
 *       fires when the value changes to a non-zero XID. At first sight (service start, new target,
 *       new GPU) a non-zero value fires once: it may be old, but a fatal XID must not go unseen
 *       after a restart. Zero resets the state (driver reload). The same XID repeating is invisible
 *       on this gauge: that is what the count is for.
 *   <li>DCGM_EXP_XID_ERRORS_COUNT counts each xid within the exporter's window. An xid fires when
 *       its count rises, with the rise as the number of occurrences; at first sight the whole count
 *       fires once. A falling count (occurrences leaving the window) fires nothing. When a GPU
 *       exports the count, the count is authoritative and the gauge only updates state, so one
 *       occurrence never yields two events.
 * </ul>
 */
public final class XidDetector {

  private final Map<String, GpuXidState> states = new ConcurrentHashMap<>();
  private final XidHistory history;

  /** A detector without history: every GPU's first sight fires. */
  public XidDetector() {
    this(XidHistory.empty());
  }

  /**
   * A detector that seeds a GPU's state, at first sight, from what was already published for it:
   * the last XID (so the same sticky value does not fire again) and the XIDs published within the
   * look-back (so their exported counts are taken as already reported).
   */
  public XidDetector(XidHistory history) {
    this.history = history;
  }

  /** Compares one scrape's reading of a GPU with the previous one and returns what is new. */
  public List<XidOccurrence> observe(String target, GpuReading gpu) {
    return observe(target, null, gpu);
  }

  /**
   * As {@link #observe(String, GpuReading)}; {@code recordKey} ({@code cluster/node/gpu_uuid})
   * finds the GPU's published history at first sight.
   */
  public List<XidOccurrence> observe(String target, String recordKey, GpuReading gpu) {
    String key = target + '|' + gpu.identity();
    GpuXidState state =
        states.computeIfAbsent(key, k -> GpuXidState.seeded(history.lookup(recordKey), gpu));
    List<XidOccurrence> found = new ArrayList<>(1);
    Integer lastXid = gpu.lastXid();
    if (lastXid != null) {
      boolean changed = lastXid != 0 && !lastXid.equals(state.lastXid);
      if (changed && !gpu.xidCountsExported()) {
        found.add(new XidOccurrence(lastXid, 1, XidSource.LAST_XID_GAUGE));
      }
      state.lastXid = lastXid;
    }
    if (gpu.xidCountsExported()) {
      gpu.xidCounts().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .forEach(
              count -> {
                long before = state.counts.getOrDefault(count.getKey(), 0L);
                if (count.getValue() > before) {
                  found.add(
                      new XidOccurrence(
                          count.getKey(), count.getValue() - before, XidSource.XID_ERRORS_COUNT));
                }
              });
      state.counts = new HashMap<>(gpu.xidCounts());
    }
    return found;
  }

  /** Drops the state of a target that went away, so memory follows the live targets. */
  public void forgetTarget(String target) {
    String prefix = target + '|';
    states.keySet().removeIf(key -> key.startsWith(prefix));
  }

  int trackedGpus() {
    return states.size();
  }

  private static final class GpuXidState {
    private Integer lastXid;
    private Map<Integer, Long> counts = Map.of();

    /**
     * The state a GPU starts with: empty (first sight fires) unless its XIDs were published before.
     * Then the last published XID is the gauge value already reported, and the counts of already
     * published XIDs are taken as reported (an occurrence of the same XID while no replica scraped
     * is not seen: see the service page's known limits).
     */
    static GpuXidState seeded(Optional<XidHistory.Recovered> recovered, GpuReading gpu) {
      GpuXidState state = new GpuXidState();
      recovered.ifPresent(
          r -> {
            state.lastXid = r.lastXid();
            Map<Integer, Long> counts = new HashMap<>();
            gpu.xidCounts()
                .forEach(
                    (xid, count) -> {
                      if (r.xids().contains(xid)) {
                        counts.put(xid, count);
                      }
                    });
            state.counts = counts;
          });
      return state;
    }
  }
}
