package io.strata.deviceingest.scrape;

import java.time.Duration;

/** Start-up checks of the scheduler's and its shard membership's settings, naming the key. */
final class ConfigChecks {

  private ConfigChecks() {}

  /** Fails at startup naming {@code key} when {@code value} is zero or negative. */
  static void requirePositive(Duration value, String key) {
    if (value.isZero() || value.isNegative()) {
      throw new IllegalArgumentException(key + " must be positive: " + value);
    }
  }
}
