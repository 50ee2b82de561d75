package io.strata.kafka.publish;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The bounded hand-off between the threads that make events and the one that sends them. Bounded in
 * distinct slots: a newer record for a pending slot replaces it in place, so a busy key costs one
 * entry however often it changes. What a full buffer does is its {@link BufferPolicy}.
 */
public final class OutboundBuffer {

  /** A pending record; mutable so that coalescing keeps the record's place in the queue. */
  private static final class Entry {
    OutboundRecord record;

    Entry(OutboundRecord record) {
      this.record = record;
    }
  }

  private final BufferPolicy policy;
  private final Deque<Entry> queue = new ArrayDeque<>();
  private final Map<String, Entry> bySlot = new HashMap<>();
  private final AtomicLong dropped = new AtomicLong();
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition notEmpty = lock.newCondition();
  private final Condition notFull = lock.newCondition();
  private final Condition drained = lock.newCondition();

  public OutboundBuffer(BufferPolicy policy) {
    this.policy = policy;
  }

  /**
   * Offers a record under the buffer's policy; {@code onDropped} receives the record a DROP_OLDEST
   * buffer made room by discarding.
   */
  public OfferResult offer(OutboundRecord record, Consumer<OutboundRecord> onDropped)
      throws InterruptedException {
    long remaining = policy.offerTimeout().toNanos();
    OutboundRecord displaced = null;
    lock.lock();
    try {
      if (coalesce(record)) {
        return OfferResult.COALESCED;
      }
      while (queue.size() >= policy.capacity()) {
        if (policy.whenFull() == BufferPolicy.WhenFull.DROP_OLDEST) {
          displaced = bySlot.remove(queue.pollFirst().record.slot()).record;
          dropped.incrementAndGet();
          break;
        }
        if (remaining <= 0) {
          return OfferResult.REFUSED;
        }
        remaining = notFull.awaitNanos(remaining);
        if (coalesce(record)) {
          return OfferResult.COALESCED;
        }
      }
      append(record, false);
    } finally {
      lock.unlock();
    }
    if (displaced != null) {
      onDropped.accept(displaced);
      return OfferResult.QUEUED_DROPPING_OLDEST;
    }
    return OfferResult.QUEUED;
  }

  /**
   * Puts a record that was taken but not delivered back at the head, to be sent next. Capacity is
   * not checked (the record held a place a moment ago); if a newer record of its slot arrived
   * meanwhile, the newer one wins and this one is discarded, as coalescing would have done.
   */
  public void requeueFirst(OutboundRecord record) {
    lock.lock();
    try {
      if (!bySlot.containsKey(record.slot())) {
        append(record, true);
      }
    } finally {
      lock.unlock();
    }
  }

  /** The oldest pending record, waiting up to {@code timeout}; null if none came. */
  public OutboundRecord poll(Duration timeout) throws InterruptedException {
    long remaining = timeout.toNanos();
    lock.lock();
    try {
      while (queue.isEmpty()) {
        if (remaining <= 0) {
          return null;
        }
        remaining = notEmpty.awaitNanos(remaining);
      }
      OutboundRecord record = queue.pollFirst().record;
      bySlot.remove(record.slot());
      notFull.signal();
      if (queue.isEmpty()) {
        drained.signalAll();
      }
      return record;
    } finally {
      lock.unlock();
    }
  }

  /** Waits until the buffer is empty or the timeout passes; true if it emptied. */
  public boolean awaitEmpty(Duration timeout) throws InterruptedException {
    long remaining = timeout.toNanos();
    lock.lock();
    try {
      while (!queue.isEmpty()) {
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

  public int size() {
    lock.lock();
    try {
      return queue.size();
    } finally {
      lock.unlock();
    }
  }

  public int capacity() {
    return policy.capacity();
  }

  public BufferPolicy policy() {
    return policy;
  }

  /** Records a DROP_OLDEST buffer discarded so far. */
  public long dropped() {
    return dropped.get();
  }

  private boolean coalesce(OutboundRecord record) {
    Entry pending = bySlot.get(record.slot());
    if (pending == null) {
      return false;
    }
    pending.record = record;
    return true;
  }

  private void append(OutboundRecord record, boolean first) {
    Entry entry = new Entry(record);
    bySlot.put(record.slot(), entry);
    if (first) {
      queue.addFirst(entry);
    } else {
      queue.addLast(entry);
    }
    notEmpty.signal();
  }
}
