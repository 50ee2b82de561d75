package io.strata.remediator.core.policy.backtest;

import java.time.Instant;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * The replay's events in time order: the planned steps and what follows them (a person's decision
 * at its real time, an undo). Events at the same instant run in the order they were added.
 */
final class Timeline {

  private record Event(Instant at, long seq, Runnable run) {}

  private final PriorityQueue<Event> events =
      new PriorityQueue<>(Comparator.comparing(Event::at).thenComparingLong(Event::seq));
  private long added;
  private Instant now = Instant.MIN;

  /** Adds an event; one in the past of the event running now runs at the present instead. */
  void at(Instant when, Runnable run) {
    events.add(new Event(when.isBefore(now) ? now : when, added++, run));
  }

  /** Runs every event up to {@code until}, in order, including those events add. */
  void runUntil(Instant until) {
    while (!events.isEmpty() && !events.peek().at().isAfter(until)) {
      Event next = events.poll();
      now = next.at();
      next.run().run();
    }
  }
}
