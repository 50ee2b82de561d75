package io.strata.correlator.streams.speed;

import java.time.Duration;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.function.LongSupplier;

/**
 * Which changes of a write-behind store's entries may wait past a commit (ADR 042): a refresh that
 * no decision depends on (a GPU's newest sample readings, the requests it served) is kept in memory
 * and written down with the next change that matters, or after {@code maxDeferral} at the latest;
 * anything else is written at the next commit as before.
 *
 * @param refreshOnly given the entry's current value and its next, whether the change is a refresh
 * @param maxDeferral how long a refresh may stay unwritten (measured on {@code nanoClock})
 * @param nanoClock a monotonic clock ({@code System::nanoTime})
 */
public record RefreshPolicy<V>(
    BiPredicate<V, V> refreshOnly, Duration maxDeferral, LongSupplier nanoClock) {

  public RefreshPolicy {
    Objects.requireNonNull(refreshOnly, "refreshOnly");
    if (maxDeferral.isNegative()) {
      throw new IllegalArgumentException("maxDeferral must not be negative: " + maxDeferral);
    }
  }

  /** Every change is written at the next commit. */
  public static <V> RefreshPolicy<V> never() {
    return new RefreshPolicy<>((current, next) -> false, Duration.ZERO, System::nanoTime);
  }

  /** On the wall clock. */
  public static <V> RefreshPolicy<V> of(BiPredicate<V, V> refreshOnly, Duration maxDeferral) {
    return new RefreshPolicy<>(refreshOnly, maxDeferral, System::nanoTime);
  }

  boolean defers() {
    return !maxDeferral.isZero();
  }
}
