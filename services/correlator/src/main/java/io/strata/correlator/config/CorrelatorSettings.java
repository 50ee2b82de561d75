package io.strata.correlator.config;

import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Severity;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.streams.kstream.Materialized;

/**
 * Every threshold and duration the topology uses, as a plain value so the topology can be built and
 * tested without Quarkus. {@link CorrelatorConfig} maps configuration onto it.
 */
public record CorrelatorSettings(
    Traces traces,
    Windows windows,
    Regression regression,
    Lifecycle lifecycle,
    Ownership ownership,
    Device device,
    Alerts alerts,
    int internalPartitions,
    int nodePartitions,
    Materialized.StoreType storeType) {

  /** These settings with other device settings. */
  public CorrelatorSettings withDevice(Device other) {
    return new CorrelatorSettings(
        traces,
        windows,
        regression,
        lifecycle,
        ownership,
        other,
        alerts,
        internalPartitions,
        nodePartitions,
        storeType);
  }

  /** These settings with another kind of state store. */
  public CorrelatorSettings withStoreType(Materialized.StoreType other) {
    return new CorrelatorSettings(
        traces,
        windows,
        regression,
        lifecycle,
        ownership,
        device,
        alerts,
        internalPartitions,
        nodePartitions,
        other);
  }

  public CorrelatorSettings {
    Duration assembly = traces.inactivityGap().plus(traces.grace());
    if (windows.grace().compareTo(assembly) < 0) {
      // A request reaches its window only once its trace is complete: a shorter grace would judge
      // windows before their last requests arrived (and drop those as late).
      throw new IllegalArgumentException(
          "strata.correlator.windows.grace ("
              + windows.grace()
              + ") must be at least strata.correlator.traces.inactivity-gap + traces.grace ("
              + assembly
              + ")");
    }
    if (windows.size().toMillis() % windows.advance().toMillis() != 0) {
      throw new IllegalArgumentException(
          "strata.correlator.windows.size ("
              + windows.size()
              + ") must be a whole multiple of strata.correlator.windows.advance ("
              + windows.advance()
              + ")");
    }
  }

  /**
   * Trace assembly: a trace is complete once no span arrived for {@code inactivityGap} (plus {@code
   * grace}) of stream time; at most {@code maxOpen} traces are open per task; a span of a trace
   * completed up to {@code lateSpanMemory} (event time) before is counted as late.
   */
  public record Traces(
      Duration inactivityGap, Duration grace, int maxOpen, Duration lateSpanMemory) {}

  /**
   * Per workload × model_version windows; {@code slo} is the latency a request must meet to count
   * toward effective throughput.
   */
  public record Windows(
      Duration size, Duration advance, Duration grace, Duration slo, int exemplarTraces) {}

  /**
   * When a window is a regression: p95 at least {@code p95Ratio} × baseline and {@code
   * p95MinIncrease} above it, or an error rate {@code errorRateIncrease} above the baseline's;
   * never below {@code minSamples} requests. The baseline is the median of the last {@code
   * baselineWindows} healthy windows, usable after {@code baselineWarmup} of them.
   */
  public record Regression(
      int minSamples,
      double p95Ratio,
      Duration p95MinIncrease,
      double errorRateIncrease,
      int baselineWindows,
      int baselineWarmup,
      double recoveryBand,
      Duration allocationEvidenceLookback,
      Duration modelChangeLookback,
      double stageMinShare) {}

  /**
   * Hysteresis: an incident opens after {@code windowsToOpen} regressed windows in a row and
   * resolves after {@code windowsToResolve} in-band windows in a row; while open it is re-published
   * at most every {@code updateInterval}; a relapse within {@code reopenCooldown} of resolution
   * reopens the same incident. A device-level incident also needs {@code
   * deviceCleanSamplesToResolve} clean samples in a row; a workload without a measurable window for
   * {@code quietPeriod} is no longer waited for.
   */
  public record Lifecycle(
      int windowsToOpen,
      int windowsToResolve,
      Duration updateInterval,
      Duration reopenCooldown,
      int deviceCleanSamplesToResolve,
      Duration quietPeriod,
      Duration stateRetention) {}

  /** Exporter-vs-Kubernetes ownership verification. */
  public record Ownership(Duration mismatchGrace, boolean reportExporterWithoutOwner) {}

  /**
   * Device anomaly thresholds used as DEVICE_DEGRADED evidence, and how device trouble and its
   * incidents are committed.
   *
   * @param promptCommitSpacing the least time between two requests of a commit as soon as device
   *     trouble or a device incident is forwarded, instead of waiting for {@code
   *     commit.interval.ms} (ADR 041)
   * @param readingsMaxDeferral how long a GPU entry change that is only new readings (and a GPU's
   *     served requests) may stay unwritten to the changelog; zero writes every change at the next
   *     commit (ADR 042)
   */
  public record Device(
      double temperatureCelsius,
      Duration xidLookback,
      Duration promptCommitSpacing,
      Duration readingsMaxDeferral) {}

  /**
   * Alertmanager alerts ({@code strata.alerts.v1}): the rules that open an incident for an alert no
   * open incident of its node takes (the first matching rule by name), and how many alerts one
   * incident keeps as evidence (the newest).
   */
  public record Alerts(SortedMap<String, AlertRule> rules, int maxPerIncident) {

    /** The classes an alert may open: an incident of a node (or one of its GPUs). */
    public static final Set<IncidentClass> NODE_CLASSES =
        Set.of(IncidentClass.DEVICE_FAULT, IncidentClass.DEVICE_DEGRADED);

    /** The name of the built-in rule {@link #NVSENTINEL_FATAL}. */
    public static final String NVSENTINEL_FATAL_NAME = "nvsentinel-fatal";

    /**
     * NVSentinel's fatal, unhealthy health events: its platform connector counts every health event
     * as {@code health_events_total} with the labels node, agent, check_name, recommended_action,
     * is_fatal and is_healthy, the booleans written by Go's strconv.FormatBool ("true"/"false")
     * (NVSentinel platform-connectors/pkg/connectors/prom/metrics.go and prom_connector.go, its
     * docs/METRICS.md). An alert on it, for example {@code increase(health_events_total{is_fatal=
     * "true",is_healthy="false"}[10m]) > 0}, keeps those labels: a fatal fault on its node.
     */
    public static final AlertRule NVSENTINEL_FATAL =
        new AlertRule(
            Map.of("is_fatal", "true", "is_healthy", "false"),
            IncidentClass.DEVICE_FAULT,
            Severity.CRITICAL);

    public Alerts {
      rules = Collections.unmodifiableSortedMap(new TreeMap<>(rules));
      if (maxPerIncident < 1) {
        throw new IllegalArgumentException(
            "strata.correlator.alerts.max-per-incident ("
                + maxPerIncident
                + ") must be at least 1");
      }
      rules.forEach(AlertRule::check);
    }

    /** The built-in rule alone, 10 alerts per incident. */
    public static Alerts defaults() {
      return new Alerts(new TreeMap<>(Map.of(NVSENTINEL_FATAL_NAME, NVSENTINEL_FATAL)), 10);
    }
  }

  /**
   * One opening rule: an alert whose labels carry every {@code match} entry exactly (label name →
   * value) opens an incident of {@code incidentClass} with {@code severity} on its node.
   */
  public record AlertRule(
      Map<String, String> match, IncidentClass incidentClass, Severity severity) {

    public AlertRule {
      match = Map.copyOf(match);
    }

    private static void check(String name, AlertRule rule) {
      String key = "strata.correlator.alerts.rules." + name;
      if (rule.match().isEmpty()) {
        throw new IllegalArgumentException(
            key + ".match must name at least one label: an empty match would take every alert");
      }
      if (!Alerts.NODE_CLASSES.contains(rule.incidentClass())) {
        throw new IllegalArgumentException(
            key
                + ".incident-class ("
                + rule.incidentClass()
                + ") must be DEVICE_FAULT or DEVICE_DEGRADED: an alert opens an incident of its"
                + " node");
      }
      if (rule.severity() == null || rule.severity() == Severity.UNSPECIFIED) {
        throw new IllegalArgumentException(key + ".severity must be INFO, WARNING or CRITICAL");
      }
    }
  }

  /** The production defaults (1-minute windows advancing every 10 s). */
  public static CorrelatorSettings defaults() {
    return new CorrelatorSettings(
        new Traces(Duration.ofSeconds(5), Duration.ofSeconds(5), 200_000, Duration.ofMinutes(1)),
        new Windows(
            Duration.ofMinutes(1),
            Duration.ofSeconds(10),
            Duration.ofSeconds(10),
            Duration.ofSeconds(2),
            3),
        new Regression(
            20,
            1.5,
            Duration.ofMillis(50),
            0.05,
            10,
            3,
            1.2,
            Duration.ofMinutes(10),
            Duration.ofMinutes(15),
            0.3),
        new Lifecycle(
            2,
            3,
            Duration.ofMinutes(1),
            Duration.ofMinutes(10),
            5,
            Duration.ofMinutes(15),
            Duration.ofHours(24)),
        new Ownership(Duration.ofMinutes(2), true),
        new Device(85.0, Duration.ofMinutes(15), Duration.ofMillis(100), Duration.ofSeconds(30)),
        Alerts.defaults(),
        6,
        6,
        Materialized.StoreType.ROCKS_DB);
  }
}
