package io.strata.deviceingest.publish;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What both lane buffers share: a locked deque, a waiting poll, the size. Subclasses decide what
 * {@link #offer} and {@link #requeueFirst} do when the deque is at capacity.
 */
abstract class DequeLaneBuffer<T> implements LaneBuffer<T> {

  protected final ArrayDeque<T> items;
  protected final int capacity;
  protected final ReentrantLock lock = new ReentrantLock();
  private final Condition notEmpty = lock.newCondition();

  DequeLaneBuffer(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
    }
    this.capacity = capacity;
    this.items = new ArrayDeque<>(Math.min(capacity, 1024));
  }

  /** Call with the lock held, after adding an element. */
  protected final void signalNotEmpty() {
    notEmpty.signal();
  }

  @Override
  public T poll(long timeout, TimeUnit unit) throws InterruptedException {
    lock.lock();
    try {
      long nanos = unit.toNanos(timeout);
      while (items.isEmpty()) {
        if (nanos <= 0) {
          return null;
        }
        nanos = notEmpty.awaitNanos(nanos);
      }
      return items.pollFirst();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public int size() {
    lock.lock();
    try {
      return items.size();
    } finally {
      lock.unlock();
    }
  }

  @Override
  public int capacity() {
    return capacity;
  }
}
