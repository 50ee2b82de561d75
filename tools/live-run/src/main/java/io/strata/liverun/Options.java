package io.strata.liverun;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The probe's command line (tools/live-run/run passes it; see its header).
 *
 * @param services service name → HTTP port (its /q/metrics)
 * @param pidDir where bin/strata wrote NAME.pid for kafka, the simulator and each service
 */
record Options(
    String bootstrap,
    Map<String, Integer> services,
    Path pidDir,
    String control,
    int gpus,
    int durationSeconds,
    int everySeconds,
    int injections,
    int spacingSeconds,
    int waitSeconds,
    double clockTicks,
    Path out) {

  static Options parse(String... args) {
    Map<String, String> given = new LinkedHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("expected --option value, got " + args[i]);
      }
      given.put(args[i].substring(2), args[i + 1]);
    }
    if (args.length % 2 != 0) {
      throw new IllegalArgumentException("option " + args[args.length - 1] + " has no value");
    }
    Map<String, Integer> services = new LinkedHashMap<>();
    for (String pair : required(given, "services").split(",")) {
      String[] nameAndPort = pair.split("=", 2);
      services.put(nameAndPort[0], Integer.parseInt(nameAndPort[1]));
    }
    return new Options(
        required(given, "bootstrap"),
        services,
        Path.of(required(given, "pid-dir")),
        required(given, "control"),
        Integer.parseInt(given.getOrDefault("gpus", "0")),
        Integer.parseInt(given.getOrDefault("duration", "600")),
        Integer.parseInt(given.getOrDefault("every", "30")),
        Integer.parseInt(given.getOrDefault("injections", "10")),
        Integer.parseInt(given.getOrDefault("spacing", "15")),
        Integer.parseInt(given.getOrDefault("wait", "60")),
        Double.parseDouble(given.getOrDefault("clock-ticks", "100")),
        Path.of(required(given, "out")));
  }

  private static String required(Map<String, String> given, String name) {
    String value = given.get(name);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("--" + name + " is required");
    }
    return value;
  }

  /**
   * When the first injection happens: late enough that the run has reached its steady state, early
   * enough that all of them and their wait fit in the duration (at least one interval in).
   */
  int firstInjectionSecond() {
    return Math.max(everySeconds, durationSeconds - injections * spacingSeconds - waitSeconds);
  }
}
