package io.strata.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class MutableClockTest {

  private static final Instant START = Instant.parse("2026-12-01T12:00:00Z");

  @Test
  void standsStillUntilAdvanced() {
    MutableClock clock = new MutableClock(START);

    assertThat(clock.instant()).isEqualTo(START);
    assertThat(clock.millis()).isEqualTo(START.toEpochMilli());
    assertThat(clock.instant()).isEqualTo(START);
  }

  @Test
  void advancesByExactlyTheDurationGiven() {
    MutableClock clock = new MutableClock(START);

    clock.advance(Duration.ofMinutes(5));
    clock.advance(Duration.ofSeconds(-30));

    assertThat(clock.instant()).isEqualTo(Instant.parse("2026-12-01T12:04:30Z"));
  }

  @Test
  void isUtcAndKeepsItsTimeWhateverZoneIsAsked() {
    MutableClock clock = new MutableClock(START);

    assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
    assertThat(clock.withZone(ZoneId.of("Europe/Berlin"))).isSameAs(clock);
  }
}
