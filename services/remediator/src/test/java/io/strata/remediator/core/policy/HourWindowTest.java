package io.strata.remediator.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class HourWindowTest {

  @Test
  void aNightWindowSpansMidnightInItsZone() {
    HourWindow night =
        new HourWindow(LocalTime.of(22, 0), LocalTime.of(6, 0), ZoneId.of("Europe/Berlin"));

    // Berlin is UTC+1 in December.
    assertThat(night.contains(Instant.parse("2026-12-07T21:00:00Z"))).isTrue();
    assertThat(night.contains(Instant.parse("2026-12-07T20:59:59Z"))).isFalse();
    assertThat(night.contains(Instant.parse("2026-12-08T04:59:59Z"))).isTrue();
    assertThat(night.contains(Instant.parse("2026-12-08T05:00:00Z"))).isFalse();
  }

  @Test
  void aDayWindowIncludesItsStartAndNotItsEnd() {
    HourWindow day = new HourWindow(LocalTime.of(9, 0), LocalTime.of(17, 0), ZoneOffset.UTC);

    assertThat(day.contains(Instant.parse("2026-12-07T09:00:00Z"))).isTrue();
    assertThat(day.contains(Instant.parse("2026-12-07T17:00:00Z"))).isFalse();
    assertThat(day.contains(Instant.parse("2026-12-07T08:59:00Z"))).isFalse();
  }
}
