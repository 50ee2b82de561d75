package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DataAgeTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  private static final String A = "http://10.0.0.1:9400/metrics";
  private static final String B = "http://10.0.0.2:9400/metrics";

  @Test
  void theOldestNewestPageOfAllTargetsIsTheAge() {
    DataAge age = new DataAge();
    age.paged(A, T0.plusSeconds(3));
    age.paged(B, T0.plusSeconds(1));

    assertThat(age.oldest(T0.plusSeconds(5))).isEqualTo(Duration.ofSeconds(4));
    age.paged(B, T0.plusSeconds(5));
    assertThat(age.oldest(T0.plusSeconds(5))).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void aTargetThatNeverAnsweredAgesFromItsFirstAttempt() {
    DataAge age = new DataAge();
    age.attempted(A, T0);
    age.attempted(A, T0.plusSeconds(1)); // later attempts do not reset it
    age.paged(B, T0.plusSeconds(9));

    assertThat(age.oldest(T0.plusSeconds(10))).isEqualTo(Duration.ofSeconds(10));
    age.paged(A, T0.plusSeconds(10));
    assertThat(age.oldest(T0.plusSeconds(10))).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void aPageOutOfOrderNeverMakesTheDataOlderAndForgottenTargetsDoNotCount() {
    DataAge age = new DataAge();
    age.paged(A, T0.plusSeconds(5));
    age.paged(A, T0.plusSeconds(2));
    age.attempted(B, T0);

    assertThat(age.oldest(T0.plusSeconds(6))).isEqualTo(Duration.ofSeconds(6));
    age.forget(B);
    assertThat(age.oldest(T0.plusSeconds(6))).isEqualTo(Duration.ofSeconds(1));
    age.forget(A);
    assertThat(age.oldest(T0.plusSeconds(6))).isEqualTo(Duration.ZERO);
  }
}
