package io.strata.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A UTC clock that stands still until the test moves it, so every time a test asserts is exact.
 *
 * <p>Pure unit tests construct it directly. A {@code @QuarkusTest} module subclasses it as a
 * {@code @Singleton} bean (its own {@code TestClock}): being a bean of type {@link Clock}, the
 * subclass replaces the application's default clock. The instant is volatile because a Quarkus test
 * moves it on the test thread while the application reads it on its own threads.
 */
public class MutableClock extends Clock {

  private volatile Instant now;

  public MutableClock(Instant start) {
    this.now = start;
  }

  /** Moves the clock forward (or back, for a negative duration) by {@code duration}. */
  public void advance(Duration duration) {
    now = now.plus(duration);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  /** Stays UTC: the tests' instants never depend on a zone, and one clock keeps one time. */
  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
