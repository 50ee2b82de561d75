package io.strata.simulator;

import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/** Starts the simulated GPU cluster and runs until SIGTERM / Ctrl-C. */
public final class SimulatorMain {

  private SimulatorMain() {}

  public static void main(String[] args) throws Exception {
    List<String> arguments = Arrays.asList(args);
    if (arguments.contains("--help") || arguments.contains("-h")) {
      System.out.print(SimulatorOptions.help());
      return;
    }
    SimulatorOptions options;
    try {
      options = SimulatorOptions.parse(arguments, System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println("simulator: " + e.getMessage());
      System.exit(2);
      return;
    }
    Simulator simulator = Simulator.start(options, Clock.systemUTC());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  simulator.close();
                  stopped.countDown();
                },
                "sim-shutdown"));
    System.out.println(banner(options, simulator.endpoints()));
    stopped.await();
  }

  private static String banner(SimulatorOptions options, Map<String, Object> endpoints) {
    StringBuilder out = new StringBuilder();
    out.append("Strata simulated GPU cluster '")
        .append(options.cluster())
        .append("': ")
        .append(options.nodes())
        .append(" nodes x ")
        .append(options.gpusPerNode())
        .append(" GPUs, ")
        .append(options.requestRate())
        .append(" req/s, scenario ")
        .append(options.scenario().slug())
        .append(", DCGM naming ")
        .append(options.dcgmNaming().slug())
        .append('\n');
    endpoints.forEach(
        (name, value) -> {
          if (value instanceof Map<?, ?> map) {
            out.append(String.format("  %-26s %d endpoints", name, map.size()));
            map.entrySet().stream()
                .limit(8)
                .forEach(
                    e -> out.append("\n    ").append(e.getKey()).append(" ").append(e.getValue()));
            if (map.size() > 8) {
              out.append("\n    ... (GET ").append(endpoints.get("control")).append("/exporters)");
            }
            out.append('\n');
          } else {
            out.append(String.format("  %-26s %s%n", name, value));
          }
        });
    out.append("READY");
    return out.toString();
  }
}
