package io.strata.remediator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.strata.events.incident.Severity;
import io.strata.events.remediation.ActionType;
import io.strata.remediator.api.ApiRole;
import io.strata.remediator.core.DeadlinePolicy;
import io.strata.remediator.core.UndoMode;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hibernate.validator.constraints.time.DurationMin;

/** All of the remediator's settings. Secrets come from the environment, never from defaults. */
@ConfigMapping(prefix = "strata.remediator")
public interface RemediatorConfig {

  /**
   * Per incident class (for example {@code DEVICE_FAULT}), the ordered action types of its plan.
   * Classes not listed use the built-in table (ClassPlans).
   */
  Map<String, List<ActionType>> plans();

  /** Plans and records every action but executes nothing (shadow mode). */
  @WithDefault("false")
  boolean dryRun();

  /**
   * Global pause at every start: every approved action is refused with GLOBAL_PAUSE while set. The
   * switch itself is persisted in the Lease {@code <leader-election.lease-name>-pause} (who set it,
   * when) and survives restarts and leader changes; {@code true} here pauses at start even when the
   * persisted switch is off (an emergency brake through the Deployment's environment).
   */
  @WithDefault("false")
  boolean paused();

  /**
   * The cluster this remediator acts on: incidents of any other cluster (several clusters may share
   * one Kafka) are ignored, counted in strata_remediator_foreign_incidents_total and logged once
   * per cluster.
   */
  @WithDefault("default")
  @NotBlank
  String cluster();

  /** Never cordon more than this many nodes (or this share of GPU nodes) within a window. */
  BlastRadius blastRadius();

  /** How long startup may take to read the remediation, review and incident topics back. */
  @WithDefault("PT60S")
  Duration rebuildTimeout();

  /**
   * First delay before retrying a failed rebuild; doubled after each failure up to {@code
   * rebuild-max-backoff}. A failed rebuild is never final.
   */
  @WithDefault("PT1S")
  Duration rebuildBackoff();

  /** Longest delay between rebuild attempts. */
  @WithDefault("PT60S")
  Duration rebuildMaxBackoff();

  /**
   * How long a dead letter may wait for Kafka's acknowledgement. An input is skipped only once its
   * dead letter is parked; past this the input fails and is read again.
   */
  @WithDefault("PT10S")
  Duration deadLetterTimeout();

  /** Per-workload limit on executed actions. */
  RateLimit rateLimit();

  /** Execution: attempt budget and retry pacing. */
  Execution execution();

  /** How workload actions are expressed as patches. */
  Workloads workloads();

  /** Recovery: what happens when an incident resolves or misses its deadline. */
  Recovery recovery();

  /**
   * The remediation policy (docs/POLICY.md): which planned actions are observed, proposed or
   * executed on their own. Without one every action is proposed for approval.
   */
  Policy policy();

  /** Slack approvals. */
  Slack slack();

  /** Microsoft Teams approvals (a Bot Framework bot) or notifications (a Workflows webhook). */
  Teams teams();

  /** PagerDuty Events API v2 out: incidents page the on-call rotation. */
  PagerDuty pagerduty();

  /** REST approvals. */
  Api api();

  /**
   * Links from plans and cards to the incident's logs (docs/services/remediator.md, "Log links").
   */
  LogLinkTemplates logLinks();

  /** Signatures of the journal on strata.remediation.v1 (ADR 009, ADR 052). */
  Signing signing();

  /** What an approval must match to count. */
  Approval approval();

  /** One active remediator (ADR 009). */
  LeaderElection leaderElection();

  /** Which version of each kind the remediator addresses (ADR 048). */
  Discovery discovery();

  /** API discovery: read, cached, read again. */
  interface Discovery {
    /**
     * How long the API server's discovery is reused before it is read again: a CRD installed,
     * upgraded or removed is seen within this at the latest.
     */
    @WithDefault("PT5M")
    @DurationMin(seconds = 1)
    Duration maxAge();

    /**
     * A kind the cached discovery serves at no version Strata knows is looked up again at once, but
     * at most this often, so a CRD not installed does not cost a discovery round per request.
     */
    @WithDefault("PT10S")
    @DurationMin(seconds = 0)
    Duration missRefresh();
  }

  /** Kubernetes Lease leader election. */
  interface LeaderElection {
    /**
     * Compete for a coordination.k8s.io/v1 Lease; only the holder executes, decides and proposes.
     * Off in the dev, test and local profiles (one process by construction).
     */
    @WithDefault("true")
    boolean enabled();

    /** The Lease's name. */
    @WithDefault("strata-remediator")
    @NotBlank
    String leaseName();

    /** The Lease's namespace; default: the Kubernetes client's (the pod's) namespace. */
    Optional<String> namespace();

    /** This instance's holder identity; default: the HOSTNAME (the pod name). */
    Optional<String> identity();

    /** How long a Lease not renewed stays the holder's: the longest takeover time. */
    @WithDefault("PT15S")
    Duration leaseDuration();

    /** The leader gives up leading when it could not renew within this (less than the duration). */
    @WithDefault("PT10S")
    Duration renewDeadline();

    /** Period of acquire and renew attempts. */
    @WithDefault("PT2S")
    Duration retryPeriod();
  }

  /**
   * The journal's Ed25519 signing key and the published verification keys (ADR 052). No defaults
   * outside the dev, test and local profiles: a production start without them fails naming the key;
   * one whose verification keys do not verify the signing key fails naming {@code
   * verification-keys} (core/journal/JournalTags).
   */
  interface Signing {
    /** Names the signing key's public key in every tag ({@code ed25519=<key-id>:...}). */
    String keyId();

    /**
     * The Ed25519 private key (PEM as {@code openssl genpkey -algorithm ed25519} writes it, or one
     * line of base64 PKCS#8 DER). A secret: STRATA_REMEDIATOR_SIGNING_PRIVATE_KEY from the Secret.
     */
    String privateKey();

    /**
     * The public keys that verify the journal, {@code keyId:base64DER[,keyId:base64DER...]}: the
     * signing key's (under {@code key-id}) and any earlier ones whose records should still verify.
     * The same value the console and the CLI verify with.
     */
    String verificationKeys();

    /**
     * The former {@code integrity.key}, set only while upgrading: records tagged {@code
     * hmac-sha256=} by an earlier version verify with it. Unset, they are refused like a forgery.
     */
    Optional<String> legacyHmacKey();
  }

  /** Approval binding. */
  interface Policy {

    /**
     * The ConfigMap holding the policy, in the remediator's namespace; watched, so an edit applies
     * without a restart, and a refused edit leaves the policy in force. Empty: no policy.
     */
    Optional<@Pattern(regexp = "[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?") String> configMap();

    /** The ConfigMap's namespace; default: the Kubernetes client's namespace (the pod's own). */
    Optional<String> namespace();

    /** The ConfigMap's key whose value is the policy document (YAML). */
    @WithDefault("policy.yaml")
    @NotBlank
    String key();

    /**
     * Most records of strata.incidents.v1 a backtest ({@code POST /api/policy/test}) reads; when
     * the topic holds more, the newest of each partition. Steps whose incident was not read are
     * counted as skipped.
     */
    @WithDefault("100000")
    @Positive
    int backtestMaxIncidents();
  }

  interface Approval {
    /**
     * How long a proposal can be approved; later approvals are refused and the action recorded
     * REFUSED with APPROVAL_EXPIRED. Zero: proposals never expire.
     */
    @WithDefault("PT1H")
    Duration ttl();

    /**
     * Whether a REST approval must carry {@code patch_sha256} (the hash of the patch the approver
     * was shown); without it a known action's approval is a 400 PATCH_HASH_REQUIRED. On by default:
     * the console and the CLI send it, Slack buttons carry it. An approval that carries it is
     * always checked (409 PATCH_CHANGED). Off only for a REST client that cannot show a patch.
     */
    @WithDefault("true")
    boolean requirePatchHash();
  }

  /** Blast-radius guard (like NVSentinel's circuit breaker or medik8s' minHealthy). */
  interface BlastRadius {
    /** Most nodes Strata may cordon within {@code window}. */
    @WithDefault("2")
    @Min(0)
    int maxNodes();

    /** Most GPU nodes (percent) that may be unschedulable after a cordon. */
    @WithDefault("10")
    @Min(0)
    @Max(100)
    int maxPercent();

    /** The sliding window both limits count over. */
    @WithDefault("PT1H")
    Duration window();

    /** Label selector of GPU nodes, the base of {@code max-percent}. */
    @WithDefault("nvidia.com/gpu.present=true")
    @NotBlank
    String gpuNodeSelector();

    /**
     * The fleet size: the least denominator of {@code max-percent}, which a restart cannot lose. 0
     * (default): the largest GPU node count seen within the window, and the nodes known now (those
     * matching the selector plus those Strata quarantined), ADR 012.
     */
    @WithDefault("0")
    @Min(0)
    int gpuNodes();

    /**
     * Node label naming a node's pool (e.g. {@code cloud.google.com/gke-nodepool}); set, {@code
     * max-percent} also applies within the target node's pool.
     */
    Optional<String> poolLabel();

    /** Most pods out of service traffic at once (PAUSE_NEW_BATCHES on a Pod, executed). */
    @WithDefault("16")
    @Min(0)
    int maxPodsOutOfTraffic();

    /** Most workloads paused at once (PAUSE_NEW_BATCHES on a Job, JobSet or LocalQueue). */
    @WithDefault("8")
    @Min(0)
    int maxPausedWorkloads();
  }

  /** Per-workload rate limit. */
  interface RateLimit {
    /** Most actions executed against one workload (or node) within {@code window}. */
    @WithDefault("3")
    @Positive
    int maxActions();

    /** The sliding window of the limit. */
    @WithDefault("PT30M")
    Duration window();
  }

  /** Execution settings. */
  interface Execution {
    /** Attempts per action before it fails with ATTEMPTS_EXHAUSTED. */
    @WithDefault("3")
    @Positive
    int maxAttempts();

    /** Delay before retrying a transient failure (multiplied by the attempt number). */
    @WithDefault("PT2S")
    Duration retryBackoff();

    /** Period of the recovery-deadline check. */
    @WithDefault("PT15S")
    Duration tickInterval();
  }

  /** How workload-level actions become patches. */
  interface Workloads {
    /** Factor applied to the current concurrency by LOWER_CONCURRENCY (0 < f < 1). */
    @WithDefault("0.5")
    @DecimalMin(value = "0", inclusive = false)
    @DecimalMax(value = "1", inclusive = false)
    double concurrencyFactor();

    /** Concurrency set when the workload had none (unlimited). */
    @WithDefault("4")
    @Positive
    int fallbackConcurrency();

    /** Replicas (or Knative min-scale) added by SCALE_OUT. */
    @WithDefault("1")
    @Positive
    int scaleOutStep();

    /**
     * Replicas removed by LOWER_CONCURRENCY from a Deployment, StatefulSet or LeaderWorkerSet
     * (never below one); its undo restores the exact previous count.
     */
    @WithDefault("1")
    @Positive
    int scaleDownStep();

    /**
     * The pod readiness gate (spec.readinessGates[].conditionType) through which PAUSE_NEW_BATCHES
     * takes one pod out of service traffic; pods that do not declare it are never paused.
     */
    @WithDefault("strata.io/serving")
    @NotBlank
    String readinessGate();
  }

  /** Recovery policy. */
  interface Recovery {
    /** Action types undone when the incident resolves. */
    @WithDefault("LOWER_CONCURRENCY,PAUSE_NEW_BATCHES,CORDON_NODE,SCALE_OUT")
    Set<ActionType> temporaryActions();

    /** PROPOSE asks for approval of the undo; APPLY runs it by policy. */
    @WithDefault("PROPOSE")
    UndoMode undoMode();

    /** Time after the first executed action by which the incident should have recovered. */
    @WithDefault("PT30M")
    Duration deadline();

    /** ESCALATE offers the next pending step; REVERT undoes what was done. */
    @WithDefault("ESCALATE")
    DeadlinePolicy onDeadline();
  }

  /** Slack approval settings. */
  interface Slack {
    /** Posts plans to Slack and accepts button clicks; needs webhook-url and signing-secret. */
    @WithDefault("false")
    boolean enabled();

    /** Incoming-webhook URL (a secret: set SLACK_WEBHOOK_URL). */
    Optional<String> webhookUrl();

    /** The Slack app's signing secret (set SLACK_SIGNING_SECRET). */
    Optional<String> signingSecret();

    /** Slack user ids allowed to approve, reject and undo. */
    Optional<Set<String>> allowedUsers();

    /** Largest accepted difference between a request's timestamp and now. */
    @WithDefault("PT5M")
    Duration maxClockSkew();

    /** Timeout of webhook and response_url posts. */
    @WithDefault("PT5S")
    Duration postTimeout();
  }

  /**
   * Microsoft Teams settings (docs/services/remediator.md, "Microsoft Teams"). Secrets come from
   * the environment (TEAMS_APP_ID, TEAMS_APP_PASSWORD), never from defaults.
   */
  interface Teams {
    /** Posts plans to Teams; in BOT mode also accepts Approve / Reject from the cards. */
    @WithDefault("false")
    boolean enabled();

    /**
     * BOT: an Azure Bot posts cards through the Bot Connector and receives Universal Actions on
     * {@code /api/teams/messages}. WORKFLOWS: cards with console links posted to a Workflows (Power
     * Automate) webhook, for teams that only want to be told; no approvals from Teams.
     */
    @WithDefault("BOT")
    TeamsMode mode();

    /** The bot's Microsoft App ID: the audience every inbound token must name (TEAMS_APP_ID). */
    Optional<String> appId();

    /** The bot's client secret, for the connector's access token (TEAMS_APP_PASSWORD). */
    Optional<String> appPassword();

    /** Bot Framework's OpenID metadata; its {@code jwks_uri} lists the signing keys. */
    @WithDefault("https://login.botframework.com/v1/.well-known/openidconfiguration")
    @NotBlank
    String openidMetadataUrl();

    /** The OAuth2 token endpoint of the client-credentials grant for the connector. */
    @WithDefault("https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token")
    @NotBlank
    String tokenUrl();

    /** The scope of that grant. */
    @WithDefault("https://api.botframework.com/.default")
    @NotBlank
    String tokenScope();

    /**
     * The Bot Connector base URL of the team's region (the {@code serviceUrl} of its activities,
     * for example {@code https://smba.trafficmanager.net/emea/}); BOT mode.
     */
    Optional<String> serviceUrl();

    /** The channel conversation plans are posted to (TEAMS_CONVERSATION_ID); BOT mode. */
    Optional<String> conversationId();

    /**
     * AAD object ids and user principal names allowed to approve and reject from Teams; anyone
     * else's click is refused 403 NOT_ALLOWED_APPROVER and changes nothing.
     */
    Optional<Set<String>> allowedApprovers();

    /** The Workflows webhook URL (a secret: TEAMS_WORKFLOWS_WEBHOOK_URL); WORKFLOWS mode. */
    Optional<String> workflowsWebhookUrl();

    /** The console's base URL, for the cards' links; without it the cards carry none. */
    Optional<String> consoleUrl();

    /** Clock skew allowed on a token's exp and nbf: Bot Framework documents 5 minutes. */
    @WithDefault("PT5M")
    @DurationMin(seconds = 0)
    Duration maxClockSkew();

    /** How long the signing keys are reused before they are read again. */
    @WithDefault("PT24H")
    @DurationMin(seconds = 1)
    Duration keysMaxAge();

    /** A token naming an unknown key id refetches the keys, at most this often. */
    @WithDefault("PT1M")
    @DurationMin(seconds = 0)
    Duration keyRefreshMinInterval();

    /** Timeout of each connector, token and webhook request. */
    @WithDefault("PT5S")
    @DurationMin(millis = 1)
    Duration postTimeout();

    /** Attempts per post (429, 5xx, unreachable) before it is dead-lettered. */
    @WithDefault("5")
    @Positive
    int postAttempts();

    /** Delay before the second attempt, doubled after each further failure. */
    @WithDefault("PT1S")
    @DurationMin(millis = 0)
    Duration postBackoff();
  }

  /** How the remediator talks to Microsoft Teams. */
  enum TeamsMode {
    BOT,
    WORKFLOWS
  }

  /**
   * PagerDuty Events API v2 settings (docs/services/remediator.md, "PagerDuty"). The routing key
   * comes from the environment (PAGERDUTY_ROUTING_KEY), never from defaults; enabled without a
   * 32-character key, or with an events URL that is not http(s), the service does not start.
   */
  interface PagerDuty {
    /** Triggers, acknowledges and resolves a PagerDuty alert per incident (PAGERDUTY_ENABLED). */
    @WithDefault("false")
    boolean enabled();

    /** Where events are POSTed: PagerDuty's enqueue endpoint, or a stand-in's. */
    @WithDefault("https://events.pagerduty.com/v2/enqueue")
    @NotBlank
    String eventsUrl();

    /**
     * The integration key of the PagerDuty service's Events API v2 integration, 32 characters (a
     * secret: PAGERDUTY_ROUTING_KEY, never logged; dead letters carry it redacted).
     */
    Optional<String> routingKey();

    /**
     * The least severity that pages. CRITICAL by default: the correlator rates a DEVICE_FAULT (XID
     * 79 among them) and a regression of p95 to 3 × baseline or 25 % errors CRITICAL, worth waking
     * someone for; WARNING incidents (application XIDs, milder regressions) stay in chat and the
     * console. An incident below it is never sent, nor its resolution.
     */
    @WithDefault("CRITICAL")
    Severity minSeverity();

    /** The console's base URL, for the events' links; unset: {@code teams.console-url}. */
    Optional<String> consoleUrl();

    /** Attempts per event (429, 5xx, unreachable) before it is dead-lettered. */
    @WithDefault("6")
    @Positive
    int attempts();

    /**
     * Delay before the second attempt, doubled after each further failure (at most 5 minutes): the
     * default six attempts wait 2+4+8+16+32 s, past PagerDuty's 60-second rate-limit window.
     */
    @WithDefault("PT2S")
    @DurationMin(millis = 0)
    Duration backoff();

    /** Timeout of each request. */
    @WithDefault("PT5S")
    @DurationMin(millis = 1)
    Duration timeout();

    /**
     * After a restart or a takeover, the resolution of an incident this instance has no memory of
     * is sent only when the incident resolved within this; older ones are not sent again.
     */
    @WithDefault("PT1H")
    @DurationMin(seconds = 0)
    Duration replayWindow();
  }

  /** Log link templates: URLs of a log tool, filled per pod, node and exemplar trace. */
  interface LogLinkTemplates {
    /**
     * URL templates by name ({@code strata.remediator.log-links.templates.<name>=<url>}), none by
     * default. Placeholders {@code {cluster} {namespace} {pod} {container} {node} {from} {to}
     * {from_ms} {to_ms} {trace_id}} are filled per subject, each value percent-encoded; the rest of
     * the URL is written as the log tool expects it, already percent-encoded. A template whose
     * placeholder has no value for a subject is not drawn for it. An unknown placeholder, or a
     * template that is not an absolute http(s) URL, fails startup naming the key.
     */
    Map<String, String> templates();

    /** Added before the incident's start and after its end (or last update) for the window. */
    @WithDefault("PT5M")
    @DurationMin(seconds = 0)
    Duration windowMargin();
  }

  /** REST approval settings. */
  interface Api {
    /**
     * Bearer tokens by principal name (for example {@code strata.remediator.api.tokens.oncall-cli}
     * from an environment secret). Without any token the API answers 401 to everyone.
     */
    Map<String, String> tokens();

    /**
     * Role per principal ({@code
     * strata.remediator.api.roles.<principal>=VIEWER|APPROVER|OPERATOR}): a viewer reads, an
     * approver also approves and rejects, an operator also undoes and sets the pause switch. Every
     * key must name a principal of {@code tokens}.
     */
    Map<String, ApiRole> roles();

    /**
     * Role of a principal with a token but no entry in {@code roles}. OPERATOR keeps tokens
     * configured before roles existed working as they did.
     */
    @WithDefault("OPERATOR")
    ApiRole defaultRole();
  }
}
