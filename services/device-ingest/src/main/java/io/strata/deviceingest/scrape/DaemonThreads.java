package io.strata.deviceingest.scrape;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The scheduler's and its shard membership's threads: daemons, named so they show in dumps. */
final class DaemonThreads {

  private DaemonThreads() {}

  /** Daemon threads named {@code prefix-1}, {@code prefix-2}, ... */
  static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
