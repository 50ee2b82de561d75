package io.strata.remediator.core.teams;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Remembers the ids of the activities accepted, until their token (plus the skew) has expired: the
 * same activity presented again is a replay. Keyed on the activity id, not the token's jti: the Bot
 * Framework reuses one token for many activities while it is valid. Per instance and bounded (the
 * oldest is forgotten first past {@code capacity}); a replay reaching another replica meets the
 * decision's own idempotence (NOT_PENDING, nothing runs twice).
 */
public final class ActivityReplayGuard {

  private final Duration skew;
  private final int capacity;
  private final Map<String, Instant> seen = new LinkedHashMap<>();

  public ActivityReplayGuard(Duration skew, int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, was " + capacity);
    }
    this.skew = skew;
    this.capacity = capacity;
  }

  /** True the first time; false when this activity id was accepted and its token is still live. */
  public synchronized boolean firstPresentation(
      String activityId, Instant tokenExpiry, Instant now) {
    seen.values().removeIf(forgetAt -> forgetAt.isBefore(now));
    if (seen.containsKey(activityId)) {
      return false;
    }
    seen.put(activityId, tokenExpiry.plus(skew));
    if (seen.size() > capacity) {
      seen.remove(seen.keySet().iterator().next());
    }
    return true;
  }

  /** Remembered activities (tests). */
  public synchronized int remembered() {
    return seen.size();
  }
}
