package io.strata.deviceingest.publish;

/**
 * A bounded FIFO that never blocks its producers: when full, the oldest element makes room for the
 * newest (old device samples are the least useful ones). Memory is bounded by the capacity.
 */
public final class DropOldestBuffer<T> extends DequeLaneBuffer<T> {

  private long dropped;

  public DropOldestBuffer(int capacity) {
    super(capacity);
  }

  /** Adds {@code item}; returns the element dropped to make room, or null. */
  @Override
  public T offer(T item) {
    lock.lock();
    try {
      T evicted = null;
      if (items.size() == capacity) {
        evicted = items.pollFirst();
        dropped++;
      }
      items.addLast(item);
      signalNotEmpty();
      return evicted;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Puts back an element that could not be handed on, ahead of the others. If the buffer filled up
   * meanwhile, the returned element (this one, being the oldest) is dropped instead.
   */
  @Override
  public T requeueFirst(T item) {
    lock.lock();
    try {
      if (items.size() == capacity) {
        dropped++;
        return item;
      }
      items.addFirst(item);
      signalNotEmpty();
      return null;
    } finally {
      lock.unlock();
    }
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
