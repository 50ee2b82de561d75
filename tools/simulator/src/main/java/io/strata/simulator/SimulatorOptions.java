package io.strata.simulator;

import io.strata.simulator.dcgm.MetricsServers;
import io.strata.simulator.dcgm.NamingRollout;
import io.strata.simulator.k8s.ReactionConventions;
import io.strata.simulator.model.Scenario;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * Every option of the simulator. Each comes from {@code --name=value} (or {@code --name value}),
 * else the environment variable {@code SIM_NAME} (upper case, dashes as underscores), else its
 * default. A bad value stops the start with a message naming the option.
 */
public record SimulatorOptions(
    int nodes,
    int gpusPerNode,
    String cluster,
    String host,
    MetricsServers.Mode metricsMode,
    int metricsBasePort,
    int kubePort,
    Path stateDir,
    URI otlpEndpoint,
    double requestRate,
    int controlPort,
    int slackPort,
    String slackSigningSecret,
    String slackApprover,
    URI remediatorInteractionsUrl,
    boolean autoApprove,
    Scenario scenario,
    long seed,
    Duration tick,
    Duration xidWindow,
    String readinessGate,
    String modelVersionLabel,
    boolean rehearseExporters,
    NamingRollout dcgmNaming,
    OptionalInt teamsPort,
    String teamsAppId,
    String teamsAppPassword,
    String teamsApprover,
    URI remediatorTeamsUrl,
    OptionalInt pagerDutyPort,
    String pagerDutyRoutingKey) {

  /** Option name → (default, description), in the order --help prints them. */
  public static final Map<String, String[]> OPTIONS = new LinkedHashMap<>();

  static {
    option("nodes", "4", "GPU nodes (thousands are fine with --metrics-mode=shared)");
    option("gpus-per-node", "8", "GPUs per node (1..64)");
    option("cluster", "sim-cluster", "cluster name (k8s.cluster.name; Strata's cluster key)");
    option("host", "127.0.0.1", "address every server binds to");
    option(
        "metrics-mode",
        "per-node",
        "per-node: one exporter per node on base port + index; "
            + "shared: one server with /nodes/<node>/metrics");
    option("metrics-base-port", "9400", "port of the first node's exporter (dcgm-exporter's 9400)");
    option("kube-port", "16443", "port of the Kubernetes API (fabric8 mock server, CRUD mode)");
    option("state-dir", ".strata/sim", "where kubeconfig and endpoints.json are written");
    option("otlp-endpoint", "http://127.0.0.1:4318", "trace-ingest OTLP/HTTP base URL (protobuf)");
    option("request-rate", "20", "inference requests per second across the cluster");
    option("control-port", "9470", "control API: /scenarios, /status, /exporters");
    option("slack-port", "9480", "Slack stand-in (webhook, response_url, /slack/messages)");
    option("slack-signing-secret", "strata-local-signing-secret", "secret clicks are signed with");
    option("slack-approver", "U0SIMONCALL", "Slack user id that clicks Approve");
    option(
        "remediator-interactions-url",
        "http://127.0.0.1:8085/slack/interactions",
        "remediator's Slack interactivity endpoint");
    option(
        "teams-port",
        "off",
        "Teams (Bot Framework) stand-in: OpenID metadata, JWKS, token endpoint, Bot Connector,"
            + " /teams/cards, /teams/click; off unless a port is given");
    option("teams-app-id", "8f1c6a4e-5157-4a7a-9000-000000000001", "the bot's Microsoft App ID");
    option("teams-app-password", "strata-local-teams-password", "the bot's client secret");
    option(
        "teams-approver",
        "6f0e1d2c-0000-4000-8000-00000000a11c",
        "AAD object id of the Teams user that clicks");
    option(
        "remediator-teams-url",
        "http://127.0.0.1:8085/api/teams/messages",
        "remediator's Teams messaging endpoint (where invokes are POSTed)");
    option(
        "pagerduty-port",
        "off",
        "PagerDuty Events API v2 stand-in: POST /v2/enqueue, GET /pagerduty/events; off unless a"
            + " port is given");
    option(
        "pagerduty-routing-key",
        "strata-local-pagerduty-key-00001",
        "the one 32-character routing key the PagerDuty stand-in accepts");
    option("auto-approve", "false", "click Approve on every posted plan (Slack and Teams)");
    option("scenario", "healthy", "scenario active at start");
    option("seed", "42", "seed of every random choice");
    option("tick-ms", "250", "period of the traffic and device clock");
    option("xid-window-ms", "300000", "DCGM_EXP_XID_ERRORS_COUNT window (exporter default 5 min)");
    option(
        "readiness-gate",
        ReactionConventions.DEFAULT_READINESS_GATE,
        "readiness-gate condition type the serving pods declare (remediator's"
            + " workloads.readiness-gate)");
    option(
        "model-version-label",
        ReactionConventions.DEFAULT_MODEL_VERSION_LABEL,
        "Deployment pod-template label carrying its model version");
    option(
        "rehearse-exporters",
        "true",
        "render a small copy's exporter pages through XID 79 before serving (ADR 046)");
    option(
        "dcgm-naming",
        "legacy",
        "names the exporters print: legacy (dcgm-exporter <= 4.8), standard (4.10: DCGM Field"
            + " Naming Standard, new units) or mixed (every second node upgraded)");
  }

  private static void option(String name, String defaultValue, String description) {
    OPTIONS.put(name, new String[] {defaultValue, description});
  }

  public static SimulatorOptions parse(List<String> args, Map<String, String> env) {
    Map<String, String> given = new LinkedHashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException("unexpected argument '" + arg + "'");
      }
      String name = arg.substring(2);
      String value;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
        value = args.get(++i);
      } else {
        value = "true";
      }
      if (!OPTIONS.containsKey(name)) {
        throw new IllegalArgumentException("unknown option --" + name + " (see --help)");
      }
      given.put(name, value);
    }
    Function<String, String> get =
        name -> {
          String value = given.get(name);
          if (value == null) {
            value = env.get("SIM_" + name.toUpperCase(Locale.ROOT).replace('-', '_'));
          }
          return value == null || value.isBlank() ? OPTIONS.get(name)[0] : value.trim();
        };
    return new SimulatorOptions(
        intIn(get, "nodes", 1, 100_000),
        intIn(get, "gpus-per-node", 1, 64),
        nonBlank(get, "cluster"),
        nonBlank(get, "host"),
        mode(get.apply("metrics-mode")),
        intIn(get, "metrics-base-port", 0, 65_535),
        intIn(get, "kube-port", 0, 65_535),
        Path.of(nonBlank(get, "state-dir")),
        uri(get, "otlp-endpoint"),
        rate(get.apply("request-rate")),
        intIn(get, "control-port", 0, 65_535),
        intIn(get, "slack-port", 0, 65_535),
        nonBlank(get, "slack-signing-secret"),
        nonBlank(get, "slack-approver"),
        uri(get, "remediator-interactions-url"),
        bool(get, "auto-approve"),
        Scenario.fromName(get.apply("scenario"))
            .orElseThrow(() -> bad("scenario", get.apply("scenario"), "a scenario name")),
        longValue(get, "seed"),
        Duration.ofMillis(intIn(get, "tick-ms", 10, 60_000)),
        Duration.ofMillis(intIn(get, "xid-window-ms", 1_000, 86_400_000)),
        nonBlank(get, "readiness-gate"),
        nonBlank(get, "model-version-label"),
        bool(get, "rehearse-exporters"),
        NamingRollout.fromName(get.apply("dcgm-naming"))
            .orElseThrow(
                () -> bad("dcgm-naming", get.apply("dcgm-naming"), "legacy, standard or mixed")),
        optionalPort(get, "teams-port"),
        nonBlank(get, "teams-app-id"),
        nonBlank(get, "teams-app-password"),
        nonBlank(get, "teams-approver"),
        uri(get, "remediator-teams-url"),
        optionalPort(get, "pagerduty-port"),
        routingKey(get.apply("pagerduty-routing-key")));
  }

  /** "off" (the default) or a port; 0 takes any free port. */
  private static OptionalInt optionalPort(Function<String, String> get, String name) {
    return get.apply(name).equalsIgnoreCase("off")
        ? OptionalInt.empty()
        : OptionalInt.of(intIn(get, name, 0, 65_535));
  }

  /** PagerDuty's integration keys are 32 characters; the stand-in refuses any other. */
  private static String routingKey(String raw) {
    if (raw.length() != 32) {
      throw bad("pagerduty-routing-key", raw, "32 characters");
    }
    return raw;
  }

  /** The field names the cluster's mechanisms use. */
  public ReactionConventions conventions() {
    return new ReactionConventions(readinessGate, modelVersionLabel);
  }

  private static int intIn(Function<String, String> get, String name, int min, int max) {
    String raw = get.apply(name);
    try {
      int value = Integer.parseInt(raw);
      if (value < min || value > max) {
        throw bad(name, raw, "an integer in " + min + ".." + max);
      }
      return value;
    } catch (NumberFormatException e) {
      throw bad(name, raw, "an integer in " + min + ".." + max);
    }
  }

  private static long longValue(Function<String, String> get, String name) {
    try {
      return Long.parseLong(get.apply(name));
    } catch (NumberFormatException e) {
      throw bad(name, get.apply(name), "an integer");
    }
  }

  private static double rate(String raw) {
    try {
      double value = Double.parseDouble(raw);
      if (value < 0 || value > 1_000_000 || Double.isNaN(value)) {
        throw bad("request-rate", raw, "a number in 0..1000000");
      }
      return value;
    } catch (NumberFormatException e) {
      throw bad("request-rate", raw, "a number in 0..1000000");
    }
  }

  private static boolean bool(Function<String, String> get, String name) {
    String raw = get.apply(name);
    if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(raw);
    }
    throw bad(name, raw, "true or false");
  }

  private static MetricsServers.Mode mode(String raw) {
    try {
      return MetricsServers.Mode.valueOf(raw.toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw bad("metrics-mode", raw, "per-node or shared");
    }
  }

  private static URI uri(Function<String, String> get, String name) {
    String raw = get.apply(name);
    try {
      URI uri = URI.create(raw);
      if (uri.getScheme() == null || uri.getHost() == null) {
        throw bad(name, raw, "an absolute http(s) URL");
      }
      return uri;
    } catch (IllegalArgumentException e) {
      throw bad(name, raw, "an absolute http(s) URL");
    }
  }

  private static String nonBlank(Function<String, String> get, String name) {
    return get.apply(name);
  }

  private static IllegalArgumentException bad(String name, String value, String expected) {
    return new IllegalArgumentException(
        "--"
            + name
            + " (SIM_"
            + name.toUpperCase(Locale.ROOT).replace('-', '_')
            + ") is '"
            + value
            + "', expected "
            + expected);
  }

  /** The --help text. */
  public static String help() {
    StringBuilder out = new StringBuilder("Usage: SimulatorMain [--option=value ...]\n\n");
    OPTIONS.forEach(
        (name, spec) ->
            out.append(
                String.format(Locale.ROOT, "  --%-28s %s (default %s)%n", name, spec[1], spec[0])));
    out.append("\nEvery option can also be set as SIM_<OPTION> (upper case, '_' for '-').\n");
    return out.toString();
  }
}
