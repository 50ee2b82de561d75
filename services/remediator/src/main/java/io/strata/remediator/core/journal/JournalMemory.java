package io.strata.remediator.core.journal;

import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The journal's in-memory store and the rule that keeps it equal to the topic: a write (publish,
 * acknowledgement, apply) and a rebuild (read the topic to its end, swap the store in) never
 * overlap. A write either finishes before the rebuild reads the end offsets, so the rebuilt store
 * holds it, or starts after the swap and lands in the rebuilt store. Without this an approval
 * accepted while the leader rebuilt went into the store being replaced and was never executed
 * (docs/E2E.md, fault-suite finding 2). Writes share the lock; a rebuild takes it alone (fair, so a
 * stream of writes cannot starve it).
 */
public final class JournalMemory {

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(true);
  private volatile ActionStore store = new ActionStore();

  public ActionStore store() {
    return store;
  }

  /** Runs one write against the current store; a rebuild waits for it, or it for the rebuild. */
  public void write(Consumer<ActionStore> write) {
    lock.readLock().lock();
    try {
      write.accept(store);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Replaces the store with what {@code rebuild} reads, with no write in between. A rebuild that
   * throws leaves the store as it was.
   */
  public void rebuild(Supplier<ActionStore> rebuild) {
    lock.writeLock().lock();
    try {
      store = rebuild.get();
    } finally {
      lock.writeLock().unlock();
    }
  }
}
