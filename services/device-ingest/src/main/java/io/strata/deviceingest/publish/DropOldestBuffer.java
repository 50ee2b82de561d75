package io.strata.deviceingest.publish;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bounded FIFO that never blocks its producers: when full, the oldest element makes room for the
 * newest (old device samples are the least useful ones). Memory is bounded by the capacity.
 */
public final class DropOldestBuffer<T> {

  private final ArrayDeque<T> items;
  private final int capacity;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition notEmpty = lock.newCondition();
  private long dropped;

  public DropOldestBuffer(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
    }
    this.capacity = capacity;
    this.items = new ArrayDeque<>(Math.min(capacity, 1024));
  }

  /** Adds {@code item}; returns the element dropped to make room, or null. */
  public T offer(T item) {
    lock.lock();
    try {
      T evicted = null;
      if (items.size() == capacity) {
        evicted = items.pollFirst();
        dropped++;
      }
      items.addLast(item);
      notEmpty.signal();
      return evicted;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Puts back an element that could not be handed on, ahead of the others. If the buffer filled up
   * meanwhile, the returned element (this one, being the oldest) is dropped instead.
   */
  public T requeueFirst(T item) {
    lock.lock();
    try {
      if (items.size() == capacity) {
        dropped++;
        return item;
      }
      items.addFirst(item);
      notEmpty.signal();
      return null;
    } finally {
      lock.unlock();
    }
  }

  /** Waits up to {@code timeout} for an element; null when none arrived. */
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

  public int size() {
    lock.lock();
    try {
      return items.size();
    } finally {
      lock.unlock();
    }
  }

  public int capacity() {
    return capacity;
  }

  /** How many elements were dropped since creation. */
  public long dropped() {
    lock.lock();
    try {
      return dropped;
    } finally {
      lock.unlock();
    }
  }
}
