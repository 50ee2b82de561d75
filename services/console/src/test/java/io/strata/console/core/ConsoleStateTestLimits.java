package io.strata.console.core;

import java.time.Duration;

/** Small bounds for tests outside this package. */
public final class ConsoleStateTestLimits {

  public static final ConsoleLimits LIMITS =
      new ConsoleLimits(100, 10, 10, 64, 30, 5, 10, 1.2, 100, Duration.ofHours(1));

  private ConsoleStateTestLimits() {}
}
