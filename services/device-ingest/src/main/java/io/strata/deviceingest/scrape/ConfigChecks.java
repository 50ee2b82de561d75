package io.strata.deviceingest.scrape;

import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** What the scheduler and its shard membership share at start: setting checks, thread names. */
final class ConfigChecks {

  private ConfigChecks() {}

  /** Fails at startup naming {@code key} when {@code value} is zero or negative. */
  static void requirePositive(Duration value, String key) {
    if (value.isZero() || value.isNegative()) {
      throw new IllegalArgumentException(key + " must be positive: " + value);
    }
  }

  /** Daemon threads named {@code prefix-1}, {@code prefix-2}, ... (they show in thread dumps). */
  static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
