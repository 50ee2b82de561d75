package io.strata.correlatorbench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line of {@code tools/correlator-bench/run}.
 *
 * @param gpus fleet size (a multiple of 4: pods hold 4 GPUs)
 * @param seconds cluster time pre-filled: the last T seconds before the run
 * @param maxSeconds cap on the correlator's drain; past it the run reports the rate so far
 * @param faultSeconds how long phase (c) waits for the faults' incidents
 * @param faults how many faults phase (c) injects, one a second on different workloads (their
 *     latencies give p50/p99/max; at most one per workload)
 * @param faultsDuringDrain how many faults go in while the correlator still drains the pre-fill (0:
 *     none), one a second from its first commit, on workloads counted from the end of the list
 * @param jfr where to write a JFR recording of the correlator, null for none
 * @param workDir where the broker's data and the correlator's state go; null = a fresh temp dir
 *     deleted at the end
 * @param correlatorHeap the correlator's {@code -Xmx} (1g: the heap target; larger to
 *     measure what the GC costs at that target)
 * @param correlatorProperties {@code key=value} settings handed to the correlator as {@code -D}
 *     system properties after the bench's own (to measure a setting, e.g. the commit interval)
 * @param requestsPerGpu traced requests per GPU per second (1: the default mix, 6 of 7 records
 *     spans; 0.2: the live run's, where samples are most of the records)
 * @param correlatorJvmOptions the correlator JVM's options besides its heap: by default the
 *     deployed ones ({@link CorrelatorProcess#DEPLOYED_JVM_OPTIONS}), so the bench measures what a
 *     deployer runs; {@code --correlator-jvm-options ""} measures the JVM's own defaults
 * @param floors {@link FloorApp} variants drained after (a) and before (b), each from a fresh
 *     application id with the correlator's heap and JVM options: what Kafka Streams itself costs
 *     per record in the same run (empty: none)
 */
record BenchOptions(
    int gpus,
    int seconds,
    int maxSeconds,
    int faultSeconds,
    int faults,
    int faultsDuringDrain,
    Path correlatorJar,
    Path jfr,
    Path workDir,
    String brokerHeap,
    String correlatorHeap,
    List<String> correlatorProperties,
    double requestsPerGpu,
    List<String> correlatorJvmOptions,
    List<FloorApp.Variant> floors) {

  static final String USAGE =
      "usage: run [--gpus N] [--seconds T] [--max-seconds S] [--fault-seconds S] [--faults N]"
          + " [--faults-during-drain N] [--jfr FILE]"
          + " [--correlator-jar JAR] [--work-dir DIR] [--broker-heap 1g]"
          + " [--correlator-heap 1g] [--requests-per-gpu 1.0]"
          + " [--correlator-property key=value]... [--correlator-jvm-options \"-XX:... -XX:...\"]"
          + " [--floors decode,state]";

  BenchOptions {
    if (seconds < 1 || maxSeconds < 1 || faultSeconds < 1 || faults < 1) {
      throw new IllegalArgumentException(
          "--seconds, --max-seconds, --fault-seconds, --faults must be >= 1");
    }
    if (faultsDuringDrain < 0) {
      throw new IllegalArgumentException("--faults-during-drain must be >= 0");
    }
    correlatorProperties = List.copyOf(correlatorProperties);
    correlatorJvmOptions = List.copyOf(correlatorJvmOptions);
    floors = List.copyOf(floors);
    for (String property : correlatorProperties) {
      if (property.indexOf('=') < 1) {
        throw new IllegalArgumentException(
            "--correlator-property needs key=value, got '" + property + "'");
      }
    }
  }

  static BenchOptions parse(String... args) {
    int gpus = 1000;
    int seconds = 120;
    int maxSeconds = 300;
    int faultSeconds = 120;
    int faults = 1;
    int faultsDuringDrain = 0;
    Path jar = Path.of("services/correlator/target/quarkus-app/quarkus-run.jar");
    Path jfr = null;
    Path workDir = null;
    String brokerHeap = "1g";
    String correlatorHeap = "1g";
    List<String> correlatorProperties = new ArrayList<>();
    List<String> correlatorJvmOptions = CorrelatorProcess.DEPLOYED_JVM_OPTIONS;
    double requestsPerGpu = 1.0;
    List<FloorApp.Variant> floors = List.of();
    List<String> rest = new ArrayList<>(List.of(args));
    while (!rest.isEmpty()) {
      String option = rest.remove(0);
      if (rest.isEmpty()) {
        throw new IllegalArgumentException(option + " needs a value; " + USAGE);
      }
      String value = rest.remove(0);
      switch (option) {
        case "--gpus" -> gpus = Integer.parseInt(value);
        case "--seconds" -> seconds = Integer.parseInt(value);
        case "--max-seconds" -> maxSeconds = Integer.parseInt(value);
        case "--fault-seconds" -> faultSeconds = Integer.parseInt(value);
        case "--faults" -> faults = Integer.parseInt(value);
        case "--faults-during-drain" -> faultsDuringDrain = Integer.parseInt(value);
        case "--correlator-jar" -> jar = Path.of(value);
        case "--jfr" -> jfr = Path.of(value);
        case "--work-dir" -> workDir = Path.of(value);
        case "--broker-heap" -> brokerHeap = value;
        case "--correlator-heap" -> correlatorHeap = value;
        case "--correlator-property" -> correlatorProperties.add(value);
        case "--requests-per-gpu" -> requestsPerGpu = Double.parseDouble(value);
        case "--correlator-jvm-options" ->
            correlatorJvmOptions =
                value.isBlank() ? List.of() : List.of(value.trim().split("\\s+"));
        case "--floors" ->
            floors = Arrays.stream(value.split(",")).map(FloorApp.Variant::parse).toList();
        default -> throw new IllegalArgumentException("unknown option " + option + "; " + USAGE);
      }
    }
    return new BenchOptions(
        gpus,
        seconds,
        maxSeconds,
        faultSeconds,
        faults,
        faultsDuringDrain,
        jar,
        jfr,
        workDir,
        brokerHeap,
        correlatorHeap,
        correlatorProperties,
        requestsPerGpu,
        correlatorJvmOptions,
        floors);
  }
}
