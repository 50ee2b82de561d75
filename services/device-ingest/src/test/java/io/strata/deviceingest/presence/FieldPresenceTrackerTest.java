package io.strata.deviceingest.presence;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.presence.FieldPresenceTracker.PresenceChange;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FieldPresenceTrackerTest {

  private static final String TARGET = "http://node-a:9400/metrics";

  private final FieldPresenceTracker tracker =
      new FieldPresenceTracker(List.of("B", "A", " C ", "A"));

  @Test
  void reportsOnFirstScrapeAndOnChangesOnly() {
    assertThat(tracker.observe(TARGET, Set.of("A")))
        .contains(new PresenceChange(List.of("B", "C"), true));
    assertThat(tracker.observe(TARGET, Set.of("A"))).isEmpty();
    assertThat(tracker.missingCount(TARGET)).isEqualTo(2);
    assertThat(tracker.observe(TARGET, Set.of("A", "B")))
        .contains(new PresenceChange(List.of("C"), false));
    Optional<PresenceChange> allBack = tracker.observe(TARGET, Set.of("A", "B", "C", "D"));
    assertThat(allBack).hasValueSatisfying(change -> assertThat(change.resolved()).isTrue());
    assertThat(tracker.observe(TARGET, Set.of("A", "B", "C"))).isEmpty();
  }

  @Test
  void aCompleteFirstScrapeReportsNothing() {
    assertThat(tracker.observe(TARGET, Set.of("A", "B", "C"))).isEmpty();
    assertThat(tracker.missingCount(TARGET)).isZero();
  }

  @Test
  void forgottenTargetsStartOver() {
    tracker.observe(TARGET, Set.of());
    tracker.forgetTarget(TARGET);
    assertThat(tracker.observe(TARGET, Set.of()))
        .hasValueSatisfying(change -> assertThat(change.firstScrape()).isTrue());
  }
}
