package io.strata.correlator.topology;

import static io.strata.correlator.topology.Scenario.at;
import static io.strata.correlator.topology.Scenario.healthy;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.config.CorrelatorSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Late input is counted and visible, never silently dropped: requests that reach their window after
 * it was evaluated, spans of a trace already completed, and traces completed early because the
 * open-trace bound was reached.
 */
class LateArrivalScenarioTest {

  private static final Scenario.Server CHAT =
      new Scenario.Server("chat", "chat-0", "node-1", "GPU-1", "v1");

  @Test
  void aRequestForAWindowAlreadyEvaluatedIsCountedAsLate() {
    try (Scenario s = new Scenario()) {
      s.traffic(at(0), at(30), Duration.ofMillis(500), t -> CHAT, t -> healthy());
      assertThat(counter(s, "strata.correlator.window.requests.late")).isZero();

      // Windows of 10 s hopping by 5 s, grace 1 s: by 30 s the windows ending at 10 s and 15 s
      // (the ones holding a request at 6 s) were evaluated long ago.
      s.request(CHAT, at(6), healthy(), false);
      s.traffic(at(30), at(34), Duration.ofMillis(500), t -> CHAT, t -> healthy());

      assertThat(counter(s, "strata.correlator.window.requests.late")).isEqualTo(1.0);
      assertThat(counter(s, "strata.correlator.windows")).isGreaterThan(0.0);
    }
  }

  @Test
  void pastTheOpenTraceBoundTheOldestTraceCompletesEarlyAndIsCounted() {
    CorrelatorSettings base = Scenario.settings();
    CorrelatorSettings bounded =
        new CorrelatorSettings(
            new CorrelatorSettings.Traces(base.traces().inactivityGap(), base.traces().grace(), 1),
            base.windows(),
            base.regression(),
            base.lifecycle(),
            base.ownership(),
            base.device(),
            base.internalPartitions(),
            base.storeType());
    try (Scenario s = new Scenario(bounded)) {
      // Each request's spans share one timestamp; with room for one open trace, a second trace
      // completes the first one before its gap.
      s.request(CHAT, at(0), healthy(), false);
      s.request(CHAT, at(0), healthy(), false);

      assertThat(counter(s, "strata.correlator.traces.completed.early")).isEqualTo(1.0);
      assertThat(s.registry.counter("strata.correlator.traces", "attributable", "true").count())
          .isEqualTo(1.0);
    }
  }

  private static double counter(Scenario s, String name) {
    return s.registry.find(name).counters().stream().mapToDouble(c -> c.count()).sum();
  }
}
