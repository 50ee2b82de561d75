package io.strata.deviceingest.xid;

import io.strata.events.device.XidEvent;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What was already published about each GPU's XIDs, per record key {@code cluster/node/gpu_uuid}
 * (stable when the exporter pod, and so the target URL, changes). Filled from strata.device.xids.v1
 * (by this replica or any other), consulted by {@link XidDetector} when it first sees a GPU, so a
 * restart or a new shard owner does not publish the exporter's sticky XID "at first sight" again.
 */
public final class XidHistory {

  /** The last published XID of a GPU and every XID published for it within the look-back. */
  public record Recovered(int lastXid, Instant lastAt, Set<Integer> xids) {}

  private final Map<String, Recovered> byKey = new ConcurrentHashMap<>();
  private volatile boolean caughtUp;

  /** Takes in one published event; the latest by detection time is the GPU's last XID. */
  public void record(String key, XidEvent event) {
    byKey.merge(
        key,
        new Recovered(event.xid(), event.detectedAt(), Set.of(event.xid())),
        (old, now) -> {
          Set<Integer> xids = new HashSet<>(old.xids());
          xids.add(now.lastXid());
          boolean newer = !now.lastAt().isBefore(old.lastAt());
          return newer
              ? new Recovered(now.lastXid(), now.lastAt(), Set.copyOf(xids))
              : new Recovered(old.lastXid(), old.lastAt(), Set.copyOf(xids));
        });
  }

  public Optional<Recovered> lookup(String key) {
    return key == null ? Optional.empty() : Optional.ofNullable(byKey.get(key));
  }

  /** Marks the history as read up to the topic's end at start: scraping may begin. */
  public void markCaughtUp() {
    caughtUp = true;
  }

  public boolean caughtUp() {
    return caughtUp;
  }

  public int gpus() {
    return byKey.size();
  }

  /** A history that knows nothing and is complete: for tests and when recovery is off. */
  public static XidHistory empty() {
    XidHistory history = new XidHistory();
    history.markCaughtUp();
    return history;
  }
}
