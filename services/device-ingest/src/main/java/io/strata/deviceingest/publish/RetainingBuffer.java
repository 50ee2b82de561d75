package io.strata.deviceingest.publish;

/**
 * A FIFO that never evicts what it accepted: for records that must reach Kafka (XID events), where
 * dropping the oldest would lose exactly the records that matter. The capacity is a safety cap,
 * large enough never to be reached in practice; past it new records are refused (and the caller
 * counts and logs that loudly) rather than growing the heap without bound. A record put back for a
 * re-send is always accepted, even past the cap: it was accepted once and is not lost now.
 */
public final class RetainingBuffer<T> extends DequeLaneBuffer<T> {

  public RetainingBuffer(int capacity) {
    super(capacity);
  }

  @Override
  public T offer(T item) {
    lock.lock();
    try {
      if (items.size() >= capacity) {
        return item;
      }
      items.addLast(item);
      signalNotEmpty();
      return null;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public T requeueFirst(T item) {
    lock.lock();
    try {
      items.addFirst(item);
      signalNotEmpty();
      return null;
    } finally {
      lock.unlock();
    }
  }
}
