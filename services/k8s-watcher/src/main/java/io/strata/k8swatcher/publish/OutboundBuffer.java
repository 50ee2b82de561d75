package io.strata.k8swatcher.publish;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bounded hand-off between informer callbacks and the Kafka publisher. Bounded in distinct
 * slots: a newer record for a pending slot replaces it in place (keeping its turn), so a busy pod
 * costs one entry however often it changes. When full, {@link #offer} waits (back-pressure on the
 * informer thread) up to a timeout, then refuses; the caller counts the drop and asks for a full
 * republish, which the informer caches can always serve.
 */
public final class OutboundBuffer {

  /** What happened to an offered record. */
  public enum OfferResult {
    QUEUED,
    /** Replaced an older pending record of the same slot. */
    COALESCED,
    /** The buffer stayed full for the whole timeout. */
    REFUSED
  }

  private final int capacity;
  private final Map<String, Outbound> pending = new LinkedHashMap<>();
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition notEmpty = lock.newCondition();
  private final Condition notFull = lock.newCondition();
  private final Condition drained = lock.newCondition();

  public OutboundBuffer(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, was " + capacity);
    }
    this.capacity = capacity;
  }

  public OfferResult offer(Outbound record, Duration timeout) throws InterruptedException {
    long remaining = timeout.toNanos();
    lock.lock();
    try {
      if (pending.containsKey(record.slot())) {
        pending.put(record.slot(), record);
        return OfferResult.COALESCED;
      }
      while (pending.size() >= capacity) {
        if (remaining <= 0) {
          return OfferResult.REFUSED;
        }
        remaining = notFull.awaitNanos(remaining);
        if (pending.containsKey(record.slot())) {
          pending.put(record.slot(), record);
          return OfferResult.COALESCED;
        }
      }
      pending.put(record.slot(), record);
      notEmpty.signal();
      return OfferResult.QUEUED;
    } finally {
      lock.unlock();
    }
  }

  /** The oldest pending record, waiting up to {@code timeout}; null if none came. */
  public Outbound poll(Duration timeout) throws InterruptedException {
    long remaining = timeout.toNanos();
    lock.lock();
    try {
      while (pending.isEmpty()) {
        if (remaining <= 0) {
          return null;
        }
        remaining = notEmpty.awaitNanos(remaining);
      }
      Iterator<Outbound> oldest = pending.values().iterator();
      Outbound record = oldest.next();
      oldest.remove();
      notFull.signal();
      if (pending.isEmpty()) {
        drained.signalAll();
      }
      return record;
    } finally {
      lock.unlock();
    }
  }

  public int size() {
    lock.lock();
    try {
      return pending.size();
    } finally {
      lock.unlock();
    }
  }

  public int capacity() {
    return capacity;
  }

  /** Waits until the buffer is empty or the timeout passes; true if it emptied. */
  public boolean awaitEmpty(Duration timeout) throws InterruptedException {
    long remaining = timeout.toNanos();
    lock.lock();
    try {
      while (!pending.isEmpty()) {
        if (remaining <= 0) {
          return false;
        }
        remaining = drained.awaitNanos(remaining);
      }
      return true;
    } finally {
      lock.unlock();
    }
  }
}
