package io.strata.deviceingest.publish;

import java.util.concurrent.TimeUnit;

/**
 * The buffering strategy of one publish lane: what happens when records arrive faster than Kafka
 * takes them. Implementations never block their producers.
 */
public interface LaneBuffer<T> {

  /**
   * Adds {@code item}; returns the element that had to go to keep the buffer bounded (an evicted
   * older element, or {@code item} itself when the buffer refuses it), or null when nothing went.
   */
  T offer(T item);

  /**
   * Puts back an element that must be handed on again, ahead of the others; returns the element
   * that had to go instead, or null.
   */
  T requeueFirst(T item);

  /** Waits up to {@code timeout} for an element; null when none arrived. */
  T poll(long timeout, TimeUnit unit) throws InterruptedException;

  int size();

  int capacity();
}
