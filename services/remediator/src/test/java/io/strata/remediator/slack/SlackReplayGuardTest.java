package io.strata.remediator.slack;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SlackReplayGuardTest {

  private static final Instant T0 = Instant.parse("2026-12-02T10:00:00Z");
  private final SlackReplayGuard guard = new SlackReplayGuard(Duration.ofMinutes(5), 3);

  @Test
  void aSignatureIsAcceptedOnceWhileItsTimestampCouldStillPass() {
    long stamp = T0.getEpochSecond();
    assertThat(guard.firstPresentation("v0=aa", stamp, T0)).isTrue();
    assertThat(guard.firstPresentation("v0=aa", stamp, T0.plusSeconds(1))).isFalse();
    assertThat(guard.firstPresentation(" v0=aa ", stamp, T0.plusSeconds(299))).isFalse();
    assertThat(guard.firstPresentation("v0=bb", stamp, T0.plusSeconds(299))).isTrue();
  }

  @Test
  void entriesAreForgottenOnlyAfterTwiceTheSkewWhenTheTimestampCheckRefusesThemAnyway() {
    long stamp = T0.getEpochSecond();
    guard.firstPresentation("v0=aa", stamp, T0);
    assertThat(guard.firstPresentation("v0=cc", stamp, T0.plusSeconds(600))).isTrue();
    assertThat(guard.remembered()).isEqualTo(2);
    assertThat(guard.firstPresentation("v0=dd", stamp + 601, T0.plusSeconds(601))).isTrue();
    assertThat(guard.remembered()).isEqualTo(1);
  }

  @Test
  void pastItsCapacityTheOldestIsForgottenFirst() {
    long stamp = T0.getEpochSecond();
    for (String s : new String[] {"v0=1", "v0=2", "v0=3", "v0=4"}) {
      assertThat(guard.firstPresentation(s, stamp, T0)).isTrue();
    }
    assertThat(guard.remembered()).isEqualTo(3);
    assertThat(guard.firstPresentation("v0=4", stamp, T0)).isFalse();
    assertThat(guard.firstPresentation("v0=1", stamp, T0)).isTrue();
  }
}
