package io.strata.console.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Map;
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

  /** How the console follows incidents, actions, reviews and alerts. */
  Topics topics();

  /** How an incident page reads its spans, samples and XIDs on demand. */
  Detail detail();

  /** Bounds of the in-memory state (everything the console keeps is bounded). */
  Limits limits();

  /** Links from the incident page to its logs (docs/services/console.md, "Log links"). */
  LogLinkTemplates logLinks();

  /** How the remediator's journal records are verified (ADR 052). */
  Journal journal();

  /** How often the windows of workloads with an open incident are fetched from the correlator. */
  @WithDefault("PT5S")
  Duration workloadPollInterval();

  /**
   * Following strata.incidents.v1, strata.remediation.v1, strata.reviews.v1 and strata.alerts.v1,
   * each from its start (small, and the list needs all of them). The telemetry topics are not
   * followed (see {@link Detail}); the former {@code topics.lookback} and {@code
   * topics.device-samples} are gone.
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

  /**
   * Log link templates: URLs of a log tool, filled per exemplar trace and pod, with the same
   * placeholders, encoding and validation as the remediator's {@code strata.remediator.log-links}.
   */
  interface LogLinkTemplates {
    /**
     * URL templates by name ({@code strata.console.log-links.templates.<name>=<url>}), none by
     * default. Placeholders {@code {cluster} {namespace} {pod} {container} {node} {from} {to}
     * {from_ms} {to_ms} {trace_id}} are filled per subject, each value percent-encoded; the rest of
     * the URL is written as the log tool expects it, already percent-encoded. A template naming
     * {@code {trace_id}} is drawn per exemplar trace, else one naming {@code {pod}} per pod. An
     * unknown placeholder, or a template that is not an absolute http(s) URL, fails startup naming
     * the key.
     */
    Map<String, String> templates();

    /** Added before the incident's start and after its end (or last update) for the window. */
    @WithDefault("PT5M")
    @DurationMin(seconds = 0)
    Duration windowMargin();
  }

  /** The remediator's journal signatures. */
  interface Journal {
    /**
     * The Ed25519 public keys that verify strata.remediation.v1 records, {@code
     * keyId:base64DER[,keyId:base64DER...]}: the remediator's {@code signing.verification-keys}.
     * Required outside the dev, test and local profiles (a start without it fails naming this key).
     * A record whose {@code strata-integrity} signature does not verify never changes an action's
     * state here; it is listed as unverified.
     */
    String verificationKeys();
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

    /**
     * Alertmanager alerts kept (the latest record of each fingerprint on strata.alerts.v1); past it
     * the alert written longest ago is forgotten first.
     */
    @WithDefault("1000")
    @Positive
    int alerts();

    /**
     * How long a resolved alert stays in the list's "Alerts (context)" after it was resolved (the
     * later of its endsAt and when Strata heard of it); then it is forgotten.
     */
    @WithDefault("PT1H")
    @DurationMin(seconds = 0)
    Duration resolvedAlertRetention();

    /**
     * Journal records that failed verification kept for the incident pages and {@code
     * /console/api/journal/unverified}, the newest; older ones are forgotten first.
     */
    @WithDefault("200")
    @Positive
    int unverifiedRecords();
  }
}
