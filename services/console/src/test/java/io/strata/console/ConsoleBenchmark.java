package io.strata.console;

import io.strata.console.core.ConsoleLimits;
import io.strata.console.core.ConsoleState;
import io.strata.console.core.IncidentQuery;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.IncidentState;
import io.strata.events.json.StrataJson;
import io.strata.events.remediation.ActionState;
import java.time.Instant;

/**
 * Not a test: prints how long the list and one page take (built and serialised to JSON, as the API
 * answers them) with 1,000 incidents and 10,000 GPUs known. Run: see docs/services/console.md.
 */
public final class ConsoleBenchmark {

  private ConsoleBenchmark() {}

  public static void main(String[] args) throws Exception {
    ConsoleState state =
        new ConsoleState(new ConsoleLimits(5000, 50, 20, 20000, 2000, 64, 20000, 120, 20, 60, 1.2));
    Instant t0 = Fixtures.OPENED;
    for (int gpu = 0; gpu < 10_000; gpu++) {
      for (int s = 0; s < 120; s++) {
        state.sample(gpuSample(gpu, t0.minusSeconds(120 - s)));
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
    Fixtures.spans().forEach(state::span);
    state.incident(Fixtures.incident(2, IncidentState.OPEN));
    state.action(Fixtures.cordon(ActionState.PROPOSED, t0.plusSeconds(5)));
    Instant now = t0.plusSeconds(30);
    for (int round = 0; round < 3; round++) {
      long a = System.nanoTime();
      String list = StrataJson.mapper().writeValueAsString(state.list(IncidentQuery.all(), now));
      long b = System.nanoTime();
      String page =
          StrataJson.mapper().writeValueAsString(state.page(Fixtures.INCIDENT, now, false).get());
      long c = System.nanoTime();
      System.out.printf(
          "round %d: list of 1001 incidents %.1f ms (%d kB), page %.1f ms (%d kB), 10000 GPUs%n",
          round, (b - a) / 1e6, list.length() / 1024, (c - b) / 1e6, page.length() / 1024);
    }
  }

  private static io.strata.events.device.DeviceSample gpuSample(int gpu, Instant at) {
    io.strata.events.device.DeviceSample base =
        Fixtures.sample(at, 60 + gpu % 20, HealthStatus.PASS);
    return new io.strata.events.device.DeviceSample(
        base.cluster(),
        "node-" + gpu / 8,
        gpu == 0 ? Fixtures.GPU : "GPU-" + gpu,
        base.gpuIndex(),
        null,
        base.device(),
        base.modelName(),
        base.driverVersion(),
        null,
        null,
        base.owner(),
        base.health(),
        base.fields(),
        base.otherFields(),
        base.lastXid(),
        base.target(),
        at);
  }
}
