package io.strata.deviceingest.presence;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.presence.FieldPresenceTracker.Presence;
import io.strata.deviceingest.presence.FieldPresenceTracker.PresenceChange;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FieldPresenceTrackerTest {

  private static final String TARGET = "http://node-a:9400/metrics";

  private final FieldPresenceTracker tracker =
      new FieldPresenceTracker(List.of("B", "A", " C ", "A"));

  private Presence observe(Map<String, Set<String>> gpus) {
    return tracker.observe(TARGET, gpus);
  }

  @Test
  void reportsTheTargetOnFirstScrapeAndOnChangesOnly() {
    assertThat(observe(Map.of("GPU-0", Set.of("A"))).page())
        .contains(new PresenceChange(List.of("B", "C"), true));
    assertThat(observe(Map.of("GPU-0", Set.of("A"))).page()).isEmpty();
    assertThat(tracker.missingCount(TARGET)).isEqualTo(2);
    assertThat(observe(Map.of("GPU-0", Set.of("A", "B"))).page())
        .contains(new PresenceChange(List.of("C"), false));
    Optional<PresenceChange> allBack = observe(Map.of("GPU-0", Set.of("A", "B", "C", "D"))).page();
    assertThat(allBack).contains(new PresenceChange(List.of(), false));
    assertThat(observe(Map.of("GPU-0", Set.of("A", "B", "C"))).page()).isEmpty();
  }

  @Test
  void aCompleteFirstScrapeReportsNothing() {
    Presence presence = observe(Map.of("GPU-0", Set.of("A", "B", "C")));
    assertThat(presence.page()).isEmpty();
    assertThat(presence.gpus()).isEmpty();
    assertThat(tracker.missingCount(TARGET)).isZero();
  }

  @Test
  void aPageWithoutAnyGpuLacksEveryExpectedField() {
    assertThat(observe(Map.of()).page()).contains(new PresenceChange(List.of("A", "B", "C"), true));
  }

  @Test
  void aGpuLackingWhatTheOthersReportIsFlaggedOnItsOwn() {
    Presence first =
        observe(
            Map.of(
                "GPU-0", Set.of("A", "B"),
                "GPU-1", Set.of("A", "B"),
                "GPU-2", Set.of("B")));

    // C: no GPU reports it (the target's finding). A: only GPU-2 lacks it (its own finding).
    assertThat(first.page()).contains(new PresenceChange(List.of("C"), true));
    assertThat(first.gpus())
        .containsExactly(Map.entry("GPU-2", new PresenceChange(List.of("A"), true)));
    assertThat(tracker.incompleteGpus(TARGET)).isEqualTo(1);

    Presence same =
        observe(Map.of("GPU-0", Set.of("A", "B"), "GPU-1", Set.of("A", "B"), "GPU-2", Set.of("B")));
    assertThat(same.page()).isEmpty();
    assertThat(same.gpus()).isEmpty();

    Presence back =
        observe(
            Map.of(
                "GPU-0", Set.of("A", "B"), "GPU-1", Set.of("A", "B"), "GPU-2", Set.of("A", "B")));
    assertThat(back.gpus())
        .containsExactly(Map.entry("GPU-2", new PresenceChange(List.of(), false)));
    assertThat(tracker.incompleteGpus(TARGET)).isZero();
  }

  @Test
  void forgottenTargetsStartOver() {
    observe(Map.of("GPU-0", Set.of(), "GPU-1", Set.of("A")));
    tracker.forgetTarget(TARGET);
    assertThat(tracker.incompleteGpus(TARGET)).isZero();
    Presence again = observe(Map.of("GPU-0", Set.of(), "GPU-1", Set.of("A")));
    assertThat(again.page()).contains(new PresenceChange(List.of("B", "C"), true));
    assertThat(again.gpus())
        .containsExactly(Map.entry("GPU-0", new PresenceChange(List.of("A"), true)));
  }
}
