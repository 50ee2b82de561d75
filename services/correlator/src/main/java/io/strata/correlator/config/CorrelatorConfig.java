package io.strata.correlator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Severity;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.kafka.streams.kstream.Materialized;
import org.hibernate.validator.constraints.time.DurationMin;

/**
 * The correlator's configuration, {@code strata.correlator.*}. Every duration and threshold of the
 * topology is here, with production defaults; docs/services/correlator.md explains each in plain
 * words.
 */
@ConfigMapping(prefix = "strata.correlator")
public interface CorrelatorConfig {

  /** Trace assembly. */
  @Valid
  Traces traces();

  /** Per workload × model_version windows. */
  @Valid
  Windows windows();

  /** When a window is a regression, and the baseline it is compared with. */
  @Valid
  Regression regression();

  /** Incident hysteresis and recovery. */
  @Valid
  Lifecycle lifecycle();

  /** Exporter-vs-Kubernetes GPU ownership verification. */
  @Valid
  Ownership ownership();

  /** Device anomaly thresholds. */
  @Valid
  Device device();

  /** Alertmanager alerts: how many an incident keeps, and the rules that let one open it. */
  @Valid
  Alerts alerts();

  /**
   * Partitions of the correlator's workload-inputs, device-incident-inputs and
   * requests-by-workload-version repartition topics.
   */
  @WithDefault("6")
  @Min(1)
  int internalPartitions();

  /**
   * Partitions of the node-partitioned input topics (strata.device.samples.v1,
   * strata.device.xids.v1, strata.k8s.nodes.v1 — all three must have this count) and so of the
   * node-inputs repartition topic, which must match them for the node side to read them
   * co-partitioned. Chosen at deploy time with the topics; checked against the broker at startup.
   */
  @WithDefault("6")
  @Min(1)
  int nodePartitions();

  /** Kafka bootstrap servers, for the startup check of the node-partitioned topics. */
  @WithDefault("${kafka.bootstrap.servers}")
  String bootstrapServers();

  /**
   * The host:port other correlator instances reach this one's REST API at; Kafka Streams advertises
   * it as {@code application.server} so queries can be routed to the instance owning the data.
   * Empty: every instance answers from its own stores only.
   */
  Optional<@Pattern(regexp = "[^:/\\s]+:\\d{1,5}") String> advertisedServer();

  /** ROCKS_DB (default) or IN_MEMORY state stores; both are restored from their changelogs. */
  @WithDefault("ROCKS_DB")
  @NotNull
  Materialized.StoreType storeType();

  /** Who may read the REST API and how instances authenticate to each other (issue 16). */
  @Valid
  Api api();

  /** Trace assembly settings. */
  interface Traces {
    /** A trace is complete once no span of it arrived for this long (session window gap). */
    @WithDefault("5s")
    @DurationMin(millis = 1)
    Duration inactivityGap();

    /** How late a span may arrive after its trace's session closed and still count. */
    @WithDefault("5s")
    @DurationMin(millis = 0)
    Duration grace();

    /**
     * Traces one stream task keeps open at most; past it the oldest is completed early (counted in
     * strata_correlator_traces_completed_early). Bounds the trace-parts store.
     */
    @WithDefault("200000")
    @Min(1)
    int maxOpen();

    /**
     * How long (event time) a completed trace is remembered, so that a span of it arriving later is
     * counted as late instead of becoming a one-span request of its own. At most 100,000 completed
     * traces are remembered per task whatever this is.
     */
    @WithDefault("1m")
    @DurationMin(millis = 0)
    Duration lateSpanMemory();
  }

  /** Window settings. */
  interface Windows {
    /** Length of a workload × model_version window. */
    @WithDefault("1m")
    @DurationMin(millis = 1)
    Duration size();

    /** How often a new window starts (hop). */
    @WithDefault("10s")
    @DurationMin(millis = 1)
    Duration advance();

    /**
     * How long after its end a window waits for its requests before it is evaluated; at least
     * traces.inactivity-gap + traces.grace (a request arrives only once its trace is complete).
     */
    @WithDefault("10s")
    @DurationMin(millis = 0)
    Duration grace();

    /** Latency a successful request must meet to count toward effective throughput. */
    @WithDefault("2s")
    @DurationMin(millis = 1)
    Duration slo();

    /** How many of the slowest requests each window (and each GPU) keeps as exemplars. */
    @WithDefault("3")
    @Min(1)
    @Max(20)
    int exemplarTraces();
  }

  /** Regression settings. */
  interface Regression {
    /** Windows with fewer requests are not evaluated. */
    @WithDefault("20")
    @Min(1)
    int minSamples();

    /** p95 must reach this multiple of the baseline p95 ... */
    @WithDefault("1.5")
    @DecimalMin("1.0")
    double p95Ratio();

    /** ... and exceed it by at least this much. */
    @WithDefault("50ms")
    @DurationMin(millis = 0)
    Duration p95MinIncrease();

    /** Or: the error rate exceeds the baseline's by this much (0.05 = 5 points). */
    @WithDefault("0.05")
    @DecimalMin("0.0")
    @DecimalMax("1.0")
    double errorRateIncrease();

    /** How many recent healthy windows the baseline median is taken over. */
    @WithDefault("10")
    @Min(1)
    int baselineWindows();

    /** How many healthy windows before a baseline is trusted. */
    @WithDefault("3")
    @Min(1)
    int baselineWarmup();

    /**
     * Back in band: p95 and queue wait at most this multiple of baseline, effective throughput at
     * least baseline divided by it.
     */
    @WithDefault("1.2")
    @DecimalMin("1.0")
    double recoveryBand();

    /** How far back FailedScheduling / admission / DRA events count as allocation evidence. */
    @WithDefault("10m")
    @DurationMin(millis = 1)
    Duration allocationEvidenceLookback();

    /** How recent a model_version change or image pull must be to count as evidence. */
    @WithDefault("15m")
    @DurationMin(millis = 1)
    Duration modelChangeLookback();

    /**
     * A stage dominates a latency regression only when its p95 rose by at least {@code
     * p95-min-increase} and by at least this share of the request p95's rise; otherwise no stage
     * clearly rose and the class is not chosen by noise (0 to 1).
     */
    @WithDefault("0.3")
    @DecimalMin("0.0")
    @DecimalMax("1.0")
    double stageMinShare();
  }

  /** Lifecycle settings. */
  interface Lifecycle {
    /** Regressed windows in a row before a request-level incident opens. */
    @WithDefault("2")
    @Min(1)
    int windowsToOpen();

    /** In-band windows in a row before a request-level incident resolves. */
    @WithDefault("3")
    @Min(1)
    int windowsToResolve();

    /** An open incident is re-published at most this often unless its state or severity changes. */
    @WithDefault("1m")
    @DurationMin(millis = 0)
    Duration updateInterval();

    /** A relapse within this time after resolution reopens the same incident. */
    @WithDefault("10m")
    @DurationMin(millis = 0)
    Duration reopenCooldown();

    /**
     * Clean samples in a row (health not FAIL, no new qualifying XID, node Ready) a device-level
     * incident needs before it can resolve.
     */
    @WithDefault("5")
    @Min(1)
    int deviceCleanSamplesToResolve();

    /**
     * An incident whose workload has had no window with enough requests to measure for this long
     * stops waiting for traffic: a request-level incident resolves (marked as not measured), a
     * device-level incident stops waiting for that workload.
     */
    @WithDefault("15m")
    @DurationMin(millis = 1)
    Duration quietPeriod();

    /**
     * State of a GPU that sent no sample, and of a workload that had no window and holds no GPU or
     * pod, for this long (stream time) is deleted (its changelog gets a tombstone): every store
     * stays bounded by what is alive.
     */
    @WithDefault("24h")
    @DurationMin(minutes = 1)
    Duration stateRetention();
  }

  /** Ownership settings. */
  interface Ownership {
    /** A disagreement must last this long before it is reported (pods start, labels lag). */
    @WithDefault("2m")
    @DurationMin(millis = 0)
    Duration mismatchGrace();

    /** Report GPUs Kubernetes assigns but the exporter labels with no pod or claim. */
    @WithDefault("true")
    boolean reportExporterWithoutOwner();
  }

  /** Device settings. */
  interface Device {
    /** GPU temperature at or above which a GPU counts as hot. */
    @WithDefault("85")
    @DecimalMin("0")
    double temperatureCelsius();

    /** How long an XID stays attached to its GPU as evidence. */
    @WithDefault("15m")
    @DurationMin(millis = 1)
    Duration xidLookback();

    /**
     * The least time between two prompt commit requests of one processor (a commit asked for as
     * soon as device trouble or a device incident is forwarded, ADR 041): a storm of trouble costs
     * at most the commits of this commit interval; a request held back goes out with the next
     * record after it.
     */
    @WithDefault("100ms")
    @DurationMin(millis = 0)
    Duration promptCommitSpacing();

    /**
     * How long a GPU entry change that is only new readings (the newest sample's fields and time,
     * the requests the GPU served) may stay unwritten to the changelog: it is written with the
     * GPU's next change that matters (health, holder, XIDs, a report to its workload) or after
     * this. A failover or restart restores readings up to this old; 0 writes every change at the
     * next commit (ADR 042).
     */
    @WithDefault("30s")
    @DurationMin(millis = 0)
    Duration readingsMaxDeferral();
  }

  /**
   * Alertmanager alerts ({@code strata.alerts.v1}). An alert joins the open incidents of the node
   * or workload its labels name, as evidence; one that joins none opens an incident only when a
   * rule maps it to a class, else it stays context for the console.
   */
  interface Alerts {
    /**
     * Whether the built-in rule {@code nvsentinel-fatal} applies: an alert whose labels carry
     * {@code is_fatal="true"} and {@code is_healthy="false"} (NVSentinel's {@code
     * health_events_total}) opens a CRITICAL DEVICE_FAULT on its node. A rule of that name under
     * {@code rules} replaces it.
     */
    @WithDefault("true")
    boolean nvsentinelFatalRule();

    /**
     * Opening rules by name ({@code strata.correlator.alerts.rules.<name>.match.<label>=<value>}),
     * tried in name order; the first whose every label matches exactly opens the incident.
     */
    Map<String, @Valid Rule> rules();

    /** Alerts one incident keeps as evidence, the newest; older ones are dropped. */
    @WithDefault("10")
    @Min(1)
    @Max(100)
    int maxPerIncident();

    /** One opening rule. */
    interface Rule {
      /** Label name → the exact value the alert must carry; at least one. */
      @Size(min = 1)
      Map<String, String> match();

      /**
       * The class of the incident it opens on the alert's node: DEVICE_FAULT or DEVICE_DEGRADED.
       */
      @WithDefault("DEVICE_FAULT")
      IncidentClass incidentClass();

      /** The severity of that incident. */
      @WithDefault("CRITICAL")
      Severity severity();
    }
  }

  /** The alert settings: the built-in rule (unless switched off or replaced) and the configured. */
  default CorrelatorSettings.Alerts toAlertSettings() {
    Map<String, CorrelatorSettings.AlertRule> rules = new TreeMap<>();
    if (alerts().nvsentinelFatalRule()) {
      rules.put(
          CorrelatorSettings.Alerts.NVSENTINEL_FATAL_NAME,
          CorrelatorSettings.Alerts.NVSENTINEL_FATAL);
    }
    alerts()
        .rules()
        .forEach(
            (name, rule) ->
                rules.put(
                    name,
                    new CorrelatorSettings.AlertRule(
                        rule.match(), rule.incidentClass(), rule.severity())));
    return new CorrelatorSettings.Alerts(new TreeMap<>(rules), alerts().maxPerIncident());
  }

  /** The plain settings the topology is built from. */
  default CorrelatorSettings toSettings() {
    return new CorrelatorSettings(
        new CorrelatorSettings.Traces(
            traces().inactivityGap(),
            traces().grace(),
            traces().maxOpen(),
            traces().lateSpanMemory()),
        new CorrelatorSettings.Windows(
            windows().size(),
            windows().advance(),
            windows().grace(),
            windows().slo(),
            windows().exemplarTraces()),
        new CorrelatorSettings.Regression(
            regression().minSamples(),
            regression().p95Ratio(),
            regression().p95MinIncrease(),
            regression().errorRateIncrease(),
            regression().baselineWindows(),
            regression().baselineWarmup(),
            regression().recoveryBand(),
            regression().allocationEvidenceLookback(),
            regression().modelChangeLookback(),
            regression().stageMinShare()),
        new CorrelatorSettings.Lifecycle(
            lifecycle().windowsToOpen(),
            lifecycle().windowsToResolve(),
            lifecycle().updateInterval(),
            lifecycle().reopenCooldown(),
            lifecycle().deviceCleanSamplesToResolve(),
            lifecycle().quietPeriod(),
            lifecycle().stateRetention()),
        new CorrelatorSettings.Ownership(
            ownership().mismatchGrace(), ownership().reportExporterWithoutOwner()),
        new CorrelatorSettings.Device(
            device().temperatureCelsius(),
            device().xidLookback(),
            device().promptCommitSpacing(),
            device().readingsMaxDeferral()),
        toAlertSettings(),
        internalPartitions(),
        nodePartitions(),
        storeType());
  }

  /**
   * Bearer tokens of the REST API. Every principal of {@code tokens} is a VIEWER: it reads
   * incidents and workloads across all instances. The internal token is what instances present when
   * they forward a {@code scope=local} query to each other; only it may ask for that scope. No
   * defaults: production refuses to start without a token (docs/services/correlator.md).
   */
  interface Api {
    /**
     * Viewer tokens by principal ({@code strata.correlator.api.tokens.console}), at least 16
     * characters each; from a Secret in production.
     */
    Map<String, @Size(min = 16) String> tokens();

    /**
     * The shared instance-to-instance token (at least 16 characters); required once {@code
     * advertised-server} is set, since then queries are forwarded.
     */
    Optional<@Size(min = 16) String> internalToken();
  }
}
