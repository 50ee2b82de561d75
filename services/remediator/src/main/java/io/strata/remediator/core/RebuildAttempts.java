package io.strata.remediator.core;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Failed rebuilds since the last success and when to try again: a failed rebuild is never final, it
 * is retried after a delay that doubles from {@code first} up to {@code max}. Readiness shows the
 * count and the last error.
 */
public final class RebuildAttempts {

  private final Duration first;
  private final Duration max;
  private final AtomicInteger failures = new AtomicInteger();
  private final AtomicReference<String> lastError = new AtomicReference<>();

  public RebuildAttempts(Duration first, Duration max) {
    this.first = first;
    this.max = max;
  }

  /** Where a failed attempt goes: the caller runs the rebuild again after {@code delayMillis}. */
  @FunctionalInterface
  public interface Retry {
    void after(long delayMillis, RuntimeException cause);
  }

  /**
   * Runs one rebuild. A success resets the count; a failure is recorded and handed to {@code retry}
   * with its delay, however many failed before: no failure is final, so the pod is never left not
   * ready for good.
   *
   * @return whether this attempt succeeded
   */
  public boolean attempt(Runnable rebuild, Retry retry) {
    try {
      rebuild.run();
    } catch (RuntimeException e) {
      retry.after(failed(String.valueOf(e.getMessage())), e);
      return false;
    }
    succeeded();
    return true;
  }

  /** Records a failure; returns the delay before the next attempt, in milliseconds. */
  public long failed(String error) {
    int failed = failures.incrementAndGet();
    lastError.set(error);
    return Math.min(max.toMillis(), first.toMillis() << Math.min(failed - 1, 20));
  }

  public void succeeded() {
    failures.set(0);
    lastError.set(null);
  }

  public int failures() {
    return failures.get();
  }

  /** Why the last attempt failed, while none has succeeded since. */
  public Optional<String> lastError() {
    return Optional.ofNullable(lastError.get());
  }
}
