package io.strata.correlator.streams;

import static io.strata.correlator.streams.Scenario.at;
import static io.strata.correlator.streams.Scenario.healthy;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.config.CorrelatorSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Late input is counted and visible, never silently dropped: requests that reach their window after
 * it was evaluated, spans of a trace already completed (within the late-span memory), and traces
 * completed early because the open-trace bound was reached.
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
  void aSpanOfATraceCompletedWithinTheLateSpanMemoryIsCountedAsLate() {
    try (Scenario s = new Scenario(withLateSpanMemory(Duration.ofMinutes(1)))) {
      String first = s.request(CHAT, at(0), healthy(), false);
      // A request at 20 s moves the assembler's clock past the first trace's 1 s gap: complete.
      s.request(CHAT, at(20), healthy(), false);
      s.straggler(first, CHAT, at(20));
      s.request(CHAT, at(40), healthy(), false);

      assertThat(counter(s, "strata.correlator.spans.late")).isEqualTo(1.0);
      // The first two requests, and no one-span request made of the straggler.
      assertThat(counter(s, "strata.correlator.traces")).isEqualTo(2.0);
    }
  }

  @Test
  void aSpanOfATraceCompletedBeforeTheLateSpanMemoryIsARequestOfItsOwn() {
    try (Scenario s = new Scenario(withLateSpanMemory(Duration.ofSeconds(5)))) {
      String first = s.request(CHAT, at(0), healthy(), false);
      s.request(CHAT, at(20), healthy(), false);
      // The first trace ended ~20 s before this span: forgotten, so it starts a trace of its own.
      s.straggler(first, CHAT, at(20));
      s.request(CHAT, at(40), healthy(), false);

      assertThat(counter(s, "strata.correlator.spans.late")).isZero();
      assertThat(counter(s, "strata.correlator.traces")).isEqualTo(3.0);
    }
  }

  private static CorrelatorSettings withLateSpanMemory(Duration memory) {
    CorrelatorSettings base = Scenario.settings();
    return withTraces(
        base,
        new CorrelatorSettings.Traces(
            base.traces().inactivityGap(), base.traces().grace(), base.traces().maxOpen(), memory));
  }

  private static CorrelatorSettings withTraces(
      CorrelatorSettings base, CorrelatorSettings.Traces traces) {
    return new CorrelatorSettings(
        traces,
        base.windows(),
        base.regression(),
        base.lifecycle(),
        base.ownership(),
        base.device(),
        base.alerts(),
        base.internalPartitions(),
        base.nodePartitions(),
        base.storeType());
  }

  @Test
  void pastTheOpenTraceBoundTheOldestTraceCompletesEarlyAndIsCounted() {
    CorrelatorSettings base = Scenario.settings();
    CorrelatorSettings bounded =
        withTraces(
            base,
            new CorrelatorSettings.Traces(
                base.traces().inactivityGap(),
                base.traces().grace(),
                1,
                base.traces().lateSpanMemory()));
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
