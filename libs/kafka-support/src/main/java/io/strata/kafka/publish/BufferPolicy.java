package io.strata.kafka.publish;

import java.time.Duration;

/**
 * What a bounded buffer does when it is full: ADR 002's per-service choices as configuration rather
 * than copies of the buffer.
 *
 * @param capacity the most distinct slots held
 * @param whenFull what an offer to a full buffer does
 * @param offerTimeout how long {@link WhenFull#WAIT_THEN_REFUSE} waits for room
 */
public record BufferPolicy(int capacity, WhenFull whenFull, Duration offerTimeout) {

  /** The choice ADR 002 makes per service. */
  public enum WhenFull {
    UNSPECIFIED,
    /**
     * The newest record matters most (device samples: a fresh reading supersedes a stale one): make
     * room by dropping the oldest pending record, never block the caller.
     */
    DROP_OLDEST,
    /**
     * Every record matters and the caller can recover (k8s-watcher republishes a topic from its
     * informer caches): wait for room up to the timeout (back-pressure), then refuse.
     */
    WAIT_THEN_REFUSE
  }

  public BufferPolicy {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, was " + capacity);
    }
    if (whenFull == null || whenFull == WhenFull.UNSPECIFIED) {
      throw new IllegalArgumentException("a buffer policy needs whenFull");
    }
    if (offerTimeout == null || offerTimeout.isNegative()) {
      throw new IllegalArgumentException("offerTimeout must be zero or positive");
    }
  }

  public static BufferPolicy dropOldest(int capacity) {
    return new BufferPolicy(capacity, WhenFull.DROP_OLDEST, Duration.ZERO);
  }

  public static BufferPolicy waitThenRefuse(int capacity, Duration offerTimeout) {
    return new BufferPolicy(capacity, WhenFull.WAIT_THEN_REFUSE, offerTimeout);
  }

  /** Refuses at once when full: the never-evict lane's policy (it never drops what it holds). */
  public static BufferPolicy refuseWhenFull(int capacity) {
    return new BufferPolicy(capacity, WhenFull.WAIT_THEN_REFUSE, Duration.ZERO);
  }
}
