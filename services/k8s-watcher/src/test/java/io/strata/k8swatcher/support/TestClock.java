package io.strata.k8swatcher.support;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The clock of every @QuarkusTest in this module: fixed, so observed_at and ce_time are exact in
 * assertions. Being a bean of type Clock, it replaces the application's default clock.
 */
@Singleton
public class TestClock extends Clock {

  public static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return NOW;
  }
}
