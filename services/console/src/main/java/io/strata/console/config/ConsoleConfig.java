package io.strata.console.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

/**
 * All of the console's settings. Its one secret is its viewer token for the correlator's API; users
 * bring their own remediator token.
 */
@ConfigMapping(prefix = "strata.console")
public interface ConsoleConfig {

  /** Base URL of the correlator's HTTP API ({@code /api/incidents}, {@code /api/workloads}). */
  @WithDefault("http://localhost:8084")
  @NotBlank
  String correlatorUrl();

  /**
   * The console's bearer token for the correlator's API (a VIEWER token of {@code
   * strata.correlator.api.tokens.*}); without it the correlator answers 401 and workload panels
   * stay empty.
   */
  Optional<String> correlatorToken();

  /** Base URL of the remediator's REST API; approvals are forwarded there with the user's token. */
  @WithDefault("http://localhost:8085")
  @NotBlank
  String remediatorUrl();

  /** Timeout of each call to the correlator or remediator. */
  @WithDefault("PT5S")
  @DurationMin(millis = 1)
  Duration httpTimeout();

  /**
   * The baseline band drawn on the sparklines and used by the verification panel: latency at most
   * this multiple of baseline, throughput at least baseline divided by it. Keep it equal to the
   * correlator's {@code strata.correlator.regression.recovery-band}, which declares recovery.
   */
  @WithDefault("1.2")
  @jakarta.validation.constraints.DecimalMin("1.0")
  double recoveryBand();

  /** How the console follows incidents, actions and reviews. */
  Topics topics();

  /** How an incident page reads its spans, samples and XIDs on demand. */
  Detail detail();

  /** Bounds of the in-memory state (everything the console keeps is bounded). */
  Limits limits();

  /** How often the windows of workloads with an open incident are fetched from the correlator. */
  @WithDefault("PT5S")
  Duration workloadPollInterval();

  /**
   * Following strata.incidents.v1, strata.remediation.v1 and strata.reviews.v1, each from its start
   * (small, and the list needs all of them). The telemetry topics are not followed (see {@link
   * Detail}); the former {@code topics.lookback} and {@code topics.device-samples} are gone.
   */
  interface Topics {
    /** Longest wait of one consumer poll. */
    @WithDefault("PT0.5S")
    @DurationMin(millis = 1)
    Duration pollTimeout();
  }

  /**
   * The on-demand reads of an incident page: the partitions that hold its GPUs' samples and XIDs
   * (by node) and its exemplar traces' spans (by trace id), between times around the incident,
   * bounded, cached per incident.
   */
  interface Detail {
    /** Incidents whose read telemetry is kept (least recently viewed forgotten first). */
    @WithDefault("100")
    @Positive
    int cachedIncidents();

    /**
     * How often a viewed page reads more: the tail of an open incident, or a read its bounds
     * stopped. Between two, a refresh reads nothing.
     */
    @WithDefault("PT5S")
    @DurationMin(millis = 1)
    Duration refreshInterval();

    /**
     * Records one partition read may scan (matching or not; only matching ones are decoded) before
     * it stops and continues at the next refresh. At 10,000 GPUs a samples partition of six holds
     * about 1,700 records a second, so the default covers about ten minutes of one.
     */
    @WithDefault("1000000")
    @Positive
    long maxRecordsPerRead();

    /**
     * Time one page request may spend reading (all its partitions together); what is left is read
     * at the next refresh.
     */
    @WithDefault("PT5S")
    @DurationMin(millis = 1)
    Duration maxReadTime();

    /**
     * How long before the trigger window of the revision that named an exemplar trace its spans are
     * looked for (spans precede the incident that picks them).
     */
    @WithDefault("PT2M")
    @DurationMin(millis = 1)
    Duration traceBefore();

    /** How long after the revision that named an exemplar trace its spans are looked for. */
    @WithDefault("PT1M")
    @DurationMin(millis = 1)
    Duration traceAfter();
  }

  /** In-memory bounds. */
  interface Limits {
    /** Incidents kept; past it the oldest resolved ones are forgotten first. */
    @WithDefault("5000")
    @Positive
    int incidents();

    /** Revisions kept per incident for its timeline. */
    @WithDefault("50")
    @Positive
    int revisionsPerIncident();

    /** Action states kept per action. */
    @WithDefault("20")
    @Positive
    int statesPerAction();

    /** Spans kept per exemplar trace. */
    @WithDefault("64")
    @Positive
    int spansPerTrace();

    /**
     * Samples kept per GPU of a viewed incident, the newest (one per scrape: 900 is fifteen minutes
     * at the 1 s scrape, the five before the fault and ten after).
     */
    @WithDefault("900")
    @Min(2)
    int samplesPerGpu();

    /** XID events kept per GPU of a viewed incident. */
    @WithDefault("20")
    @Positive
    int xidsPerGpu();

    /** Windows kept per workload for its sparklines. */
    @WithDefault("60")
    @Min(2)
    int windowsPerWorkload();

    /** Workloads whose windows are fetched at once (those of the newest open incidents). */
    @WithDefault("50")
    @Positive
    int polledWorkloads();
  }
}
