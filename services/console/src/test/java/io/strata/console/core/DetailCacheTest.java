package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DetailCacheTest {

  private static final Instant T0 = Fixtures.OPENED;
  private static final Duration REFRESH = Duration.ofSeconds(5);

  private final DetailCache cache = new DetailCache(2, REFRESH, ConsoleStateTestLimits.LIMITS);

  private static TelemetryRead closed(String trace) {
    return new TelemetryRead(
        TelemetryKind.SPANS, 1, T0.minusSeconds(120), T0.plusSeconds(60), false, Set.of(trace));
  }

  private static TelemetryRead open(Instant now) {
    return new TelemetryRead(
        TelemetryKind.SAMPLES, 4, T0.minusSeconds(300), now, true, Set.of(Fixtures.GPU));
  }

  @Test
  void aCompletedReadIsNeverRepeatedAndARefreshWithinTheIntervalReadsNothing() {
    Instant now = T0.plusSeconds(600);
    DetailCache.Work first = cache.work("inc-1", List.of(closed("t1")), now);
    assertThat(first.steps())
        .containsExactly(new DetailCache.Step(closed("t1"), null, T0.plusSeconds(60)));
    cache.done("inc-1", first.steps().get(0), 42, true);

    DetailCache.Work soon = cache.work("inc-1", List.of(closed("t1")), now.plusSeconds(1));
    DetailCache.Work later = cache.work("inc-1", List.of(closed("t1")), now.plusSeconds(60));

    assertThat(soon.steps()).isEmpty();
    assertThat(later.steps()).isEmpty();
    assertThat(later.telemetry()).isSameAs(first.telemetry());
  }

  @Test
  void anOpenIncidentsTailIsContinuedFromWhereItStoppedOncePerInterval() {
    Instant now = T0.plusSeconds(30);
    DetailCache.Work first = cache.work("inc-1", List.of(open(now)), now);
    cache.done("inc-1", first.steps().get(0), 1_000, true);

    Instant next = now.plusSeconds(5);
    DetailCache.Work refresh = cache.work("inc-1", List.of(open(next)), next);

    assertThat(refresh.steps()).containsExactly(new DetailCache.Step(open(next), 1_000L, next));
    assertThat(refresh.telemetry()).isSameAs(first.telemetry());
  }

  @Test
  void aReadStoppedByItsBoundsContinuesAtTheNextRefresh() {
    Instant now = T0.plusSeconds(600);
    DetailCache.Work first = cache.work("inc-1", List.of(closed("t1")), now);
    cache.done("inc-1", first.steps().get(0), 500, false);

    DetailCache.Work refresh = cache.work("inc-1", List.of(closed("t1")), now.plusSeconds(5));

    assertThat(refresh.steps())
        .containsExactly(new DetailCache.Step(closed("t1"), 500L, T0.plusSeconds(60)));
  }

  @Test
  void aRevisionThatChangesWhatThePageShowsStartsOver() {
    Instant now = T0.plusSeconds(600);
    DetailCache.Work first = cache.work("inc-1", List.of(closed("t1")), now);
    cache.done("inc-1", first.steps().get(0), 42, true);

    DetailCache.Work changed =
        cache.work("inc-1", List.of(closed("t1"), closed("t2")), now.plusSeconds(1));

    assertThat(changed.steps())
        .extracting(DetailCache.Step::fromOffset)
        .containsExactly(null, null);
    assertThat(changed.telemetry()).isNotSameAs(first.telemetry());
  }

  @Test
  void theLeastRecentlyViewedIncidentIsForgottenPastTheBound() {
    Instant now = T0.plusSeconds(600);
    for (String id : List.of("inc-1", "inc-2", "inc-3")) {
      DetailCache.Work work = cache.work(id, List.of(closed("t1")), now);
      cache.done(id, work.steps().get(0), 42, true);
    }

    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.work("inc-1", List.of(closed("t1")), now).steps()).hasSize(1);
  }
}
