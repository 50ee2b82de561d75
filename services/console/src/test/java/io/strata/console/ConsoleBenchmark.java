package io.strata.console;

import io.strata.console.core.ConsoleLimits;
import io.strata.console.core.ConsoleState;
import io.strata.console.core.IncidentQuery;
import io.strata.console.core.IncidentTelemetry;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.IncidentState;
import io.strata.events.json.StrataJson;
import io.strata.events.remediation.ActionState;
import java.time.Duration;
import java.time.Instant;

/**
 * Not a test: prints how long the list and one page take (built and serialised to JSON, as the API
 * answers them) with 1,000 incidents known and the page's own telemetry (8 GPUs × 900 samples and
 * the exemplar's spans) read on demand. Run: see docs/services/console.md.
 */
public final class ConsoleBenchmark {

  private ConsoleBenchmark() {}

  public static void main(String[] args) throws Exception {
    ConsoleLimits limits =
        new ConsoleLimits(5000, 50, 20, 64, 900, 20, 60, 1.2, 1000, Duration.ofHours(1));
    ConsoleState state = new ConsoleState(limits);
    // What the on-demand reader keeps for one page: its GPU's 900 samples among those of its
    // node's partition (the others are skipped by key before decoding), and the exemplar's spans.
    IncidentTelemetry telemetry = new IncidentTelemetry(limits);
    Instant t0 = Fixtures.OPENED;
    for (int gpu = 0; gpu < 8; gpu++) {
      for (int s = 0; s < 900; s++) {
        telemetry.sample(gpuSample(gpu, t0.minusSeconds(300).plusSeconds(s)));
      }
    }
    for (int i = 0; i < 1_000; i++) {
      IncidentState st =
          i % 3 == 0
              ? IncidentState.RESOLVED
              : i % 3 == 1 ? IncidentState.OPEN : IncidentState.MITIGATING;
      state.incident(
          Fixtures.incident(
              "inc-" + i,
              1,
              st,
              "c" + (i % 4),
              "ns" + (i % 20),
              "w" + (i % 100),
              t0.minusSeconds(i)));
    }
    Fixtures.spans().forEach(telemetry::span);
    state.incident(Fixtures.incident(2, IncidentState.OPEN));
    state.action(Fixtures.cordon(ActionState.PROPOSED, t0.plusSeconds(5)));
    Instant now = t0.plusSeconds(30);
    for (int round = 0; round < 3; round++) {
      long a = System.nanoTime();
      String list = StrataJson.mapper().writeValueAsString(state.list(IncidentQuery.all(), now));
      long b = System.nanoTime();
      String page =
          StrataJson.mapper()
              .writeValueAsString(state.page(Fixtures.INCIDENT, now, false, telemetry).get());
      long c = System.nanoTime();
      System.out.printf(
          "round %d: list of 1001 incidents %.1f ms (%d kB), page %.1f ms (%d kB), 8 GPUs x 900 samples%n",
          round, (b - a) / 1e6, list.length() / 1024, (c - b) / 1e6, page.length() / 1024);
    }
  }

  private static io.strata.events.device.DeviceSample gpuSample(int gpu, Instant at) {
    return Fixtures.sample(
        "node-" + gpu / 8,
        gpu == 0 ? Fixtures.GPU : "GPU-" + gpu,
        at,
        60 + gpu % 20,
        HealthStatus.PASS);
  }
}
