package io.strata.remediator.slack;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Remembers the signatures of the Slack requests this instance accepted, for as long as their
 * timestamp is within the allowed skew: a validly signed request presented a second time within
 * that window (a replay the timestamp check alone lets through) is refused. Older ones need no
 * memory, {@link SlackSignatureVerifier} already rejects them as stale.
 *
 * <p>The memory is per instance. A replay sent to another instance is not recognised here; it then
 * meets the decision's own idempotence (an action already decided answers NOT_PENDING, nothing runs
 * twice). Bounded: past {@code capacity} remembered requests the oldest is forgotten first; only
 * holders of the signing secret can fill it.
 */
public final class SlackReplayGuard {

  private record Seen(String signature, long timestamp) {}

  private final long windowSeconds;
  private final int capacity;
  private final Deque<Seen> order = new ArrayDeque<>();
  private final Set<String> signatures = new HashSet<>();

  public SlackReplayGuard(Duration maxSkew, int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, was " + capacity);
    }
    this.windowSeconds = maxSkew.toSeconds();
    this.capacity = capacity;
  }

  /**
   * True the first time a verified request's signature is presented; false when it was seen within
   * the window. {@code timestampSeconds} is the request's verified timestamp.
   */
  public synchronized boolean firstPresentation(
      String signature, long timestampSeconds, Instant now) {
    forgetOlderThan(now.getEpochSecond() - 2 * windowSeconds);
    String key = signature.trim();
    if (!signatures.add(key)) {
      return false;
    }
    order.addLast(new Seen(key, timestampSeconds));
    if (order.size() > capacity) {
      signatures.remove(order.removeFirst().signature());
    }
    return true;
  }

  /** Remembered requests (metrics, tests). */
  public synchronized int remembered() {
    return order.size();
  }

  // A request is accepted only while now <= timestamp + window, so forgetting it after
  // timestamp + 2 * window is safe; entries leave in arrival order, so one that arrived out of
  // timestamp order is at worst remembered longer, never shorter.
  private void forgetOlderThan(long cutoff) {
    while (!order.isEmpty() && order.peekFirst().timestamp() < cutoff) {
      signatures.remove(order.removeFirst().signature());
    }
  }
}
