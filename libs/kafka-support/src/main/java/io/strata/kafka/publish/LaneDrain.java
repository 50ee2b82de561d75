package io.strata.kafka.publish;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One lane's path to the producer: its buffer, its own thread and its own share of records inside
 * the producer, so a flood on one lane (device samples during an outage) neither evicts nor holds
 * back the records of another (XID events). Hands records to the {@link Handoff} and reacts to the
 * acknowledgement; a re-sending lane puts an unacknowledged record back at its head.
 */
final class LaneDrain {

  /** Sends a record and calls back once with its outcome (null: acknowledged). */
  interface Handoff {
    void send(OutboundRecord record, Lane lane, LaneDrain drain);
  }

  private static final Duration POLL = Duration.ofMillis(100);

  private final Lane lane;
  private final OutboundBuffer buffer;
  private final int maxUnacknowledged;
  private final Semaphore unacknowledged;
  private final boolean resends;
  private final long backoffNanos;
  private final Handoff handoff;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile long notBefore = System.nanoTime();

  LaneDrain(
      Lane lane,
      OutboundBuffer buffer,
      int maxUnacknowledged,
      boolean resends,
      Duration backoff,
      Handoff handoff,
      String threadName) {
    this.lane = lane;
    this.buffer = buffer;
    this.maxUnacknowledged = maxUnacknowledged;
    this.unacknowledged = new Semaphore(maxUnacknowledged);
    this.resends = resends;
    this.backoffNanos = backoff.toNanos();
    this.handoff = handoff;
    this.thread = new Thread(this::run, threadName);
    thread.setDaemon(true);
    thread.start();
  }

  OutboundBuffer buffer() {
    return buffer;
  }

  int unacknowledged() {
    return maxUnacknowledged - unacknowledged.availablePermits();
  }

  private void run() {
    while (running || buffer.size() > 0) {
      try {
        long wait = notBefore - System.nanoTime();
        if (wait > 0) {
          // After a failed delivery a re-sending lane pauses, so a fast failure cannot spin.
          TimeUnit.NANOSECONDS.sleep(wait);
        }
        // The permit first, the record second: a record waiting for room in the producer stays
        // in the buffer, where its policy applies (a drop-oldest buffer can still shed it).
        unacknowledged.acquire();
        OutboundRecord record = buffer.poll(POLL);
        if (record == null) {
          unacknowledged.release();
        } else {
          handoff.send(record, lane, this);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * The outcome of one send; returns whether the record goes back to be sent again (a re-sending
   * lane, still running, and an error a re-send can cure).
   */
  boolean completed(OutboundRecord record, Exception error) {
    unacknowledged.release();
    if (error == null || !resends || !running || DeliveryErrors.permanent(error)) {
      return false;
    }
    notBefore = System.nanoTime() + backoffNanos;
    buffer.requeueFirst(record);
    return true;
  }

  /** Stops taking new records once the buffer is empty or the deadline (nanoTime) passed. */
  void stop(long deadlineNanos) {
    running = false;
    try {
      TimeUnit.NANOSECONDS.timedJoin(thread, Math.max(1, deadlineNanos - System.nanoTime()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    thread.interrupt();
  }
}
