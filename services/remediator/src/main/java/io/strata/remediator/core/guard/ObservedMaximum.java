package io.strata.remediator.core.guard;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * The largest node count seen per scope (the fleet, a pool) within a sliding window: the share's
 * denominator, which then cannot shrink while the nodes that fail drop out of the census. In
 * memory: a restart starts from what it sees (configure {@code gpu-nodes} for a denominator that
 * outlives restarts).
 */
final class ObservedMaximum {

  private record Sample(Instant at, int count) {}

  private final Duration window;
  private final Map<String, Deque<Sample>> samples = new HashMap<>();

  ObservedMaximum(Duration window) {
    this.window = window;
  }

  /** Records {@code count} for {@code scope} at {@code now}; returns the maximum in the window. */
  synchronized int observe(String scope, int count, Instant now) {
    Deque<Sample> seen = samples.computeIfAbsent(scope, s -> new ArrayDeque<>());
    Instant since = now.minus(window);
    while (!seen.isEmpty() && seen.peekFirst().at().isBefore(since)) {
      seen.pollFirst();
    }
    // Keep the deque decreasing in count: an older, smaller sample can never be the maximum again.
    while (!seen.isEmpty() && seen.peekLast().count() <= count) {
      seen.pollLast();
    }
    seen.addLast(new Sample(now, count));
    return seen.peekFirst().count();
  }
}
