package io.strata.k8swatcher.support;

import io.strata.testsupport.MutableClock;
import jakarta.inject.Singleton;
import java.time.Instant;

/**
 * The clock of every @QuarkusTest in this module: fixed at {@link #NOW} (no test advances it), so
 * observed_at and ce_time are exact in assertions. Being a bean of type Clock, it replaces the
 * application's default clock.
 */
@Singleton
public class TestClock extends MutableClock {

  public static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

  public TestClock() {
    super(NOW);
  }
}
