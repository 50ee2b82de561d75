package io.strata.console.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Optional;

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
  Duration httpTimeout();

  /**
   * The baseline band drawn on the sparklines and used by the verification panel: latency at most
   * this multiple of baseline, throughput at least baseline divided by it. Keep it equal to the
   * correlator's {@code strata.correlator.regression.recovery-band}, which declares recovery.
   */
  @WithDefault("1.2")
  @jakarta.validation.constraints.DecimalMin("1.0")
  double recoveryBand();

  /** How the console reads the topics. */
  Topics topics();

  /** Bounds of the in-memory state (everything the console keeps is bounded). */
  Limits limits();

  /** How often the windows of workloads with an open incident are fetched from the correlator. */
  @WithDefault("PT5S")
  Duration workloadPollInterval();

  /** Topic reading. */
  interface Topics {
    /**
     * How far back the event topics (remediation, reviews, device, spans) are read at startup; the
     * compacted incidents topic is always read from its start.
     */
    @WithDefault("PT6H")
    Duration lookback();

    /** Reads strata.device.samples.v1 for the sparklines of GPU fields (off: no device lines). */
    @WithDefault("true")
    boolean deviceSamples();

    /** Longest wait of one consumer poll. */
    @WithDefault("PT0.5S")
    Duration pollTimeout();
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

    /** Recent traces kept (least recently written forgotten first), waiting to become exemplars. */
    @WithDefault("20000")
    @Positive
    int recentTraces();

    /** Exemplar traces kept once an incident names them. */
    @WithDefault("2000")
    @Positive
    int exemplarTraces();

    /** Spans kept per trace. */
    @WithDefault("64")
    @Positive
    int spansPerTrace();

    /** GPUs whose recent samples are kept. */
    @WithDefault("20000")
    @Positive
    int gpus();

    /** Samples kept per GPU (one per scrape: 120 is two minutes at the 1 s scrape). */
    @WithDefault("120")
    @Min(2)
    int samplesPerGpu();

    /** XID events kept per GPU. */
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
