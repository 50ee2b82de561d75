package io.strata.remediator.it;

import io.strata.testsupport.MutableClock;
import jakarta.inject.Singleton;
import java.time.Instant;

/**
 * The clock of every @QuarkusTest in this module: starts at real time, moves only when a test
 * advances it. Being a bean of type Clock, it replaces the application's default clock.
 */
@Singleton
public class TestClock extends MutableClock {

  public TestClock() {
    super(Instant.now());
  }
}
