package io.strata.e2e;

import static org.awaitility.Awaitility.await;

import io.strata.embeddedkafka.EmbeddedKafkaCluster;
import io.strata.embeddedkafka.KafkaProvider;
import io.strata.embeddedkafka.TestKafka;
import io.strata.simulator.Simulator;
import io.strata.simulator.SimulatorOptions;
import io.strata.testsupport.LoopbackPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The whole local system in one test: a real Kafka broker, the simulated GPU cluster (in this JVM,
 * through its public API) and the six packaged services (five and the console) as separate JVMs,
 * each on its own ports, wired exactly as {@code bin/strata up} wires them. A {@link Wiring} may
 * ask for three brokers and several correlator instances instead, or leave the remediator out.
 */
final class StrataSystem implements AutoCloseable {

  static final String CLUSTER = "e2e";
  static final String SIGNING_SECRET = "strata-e2e-signing-secret";
  static final String APPROVER = "U0E2EONCALL";

  /** The Teams bot's app id and secret, shared with the simulator's Bot Framework stand-in. */
  static final String TEAMS_APP_ID = "5d2c8a71-e2e0-4b7a-9c11-00000000e2e0";

  static final String TEAMS_APP_PASSWORD = "strata-e2e-teams-password";

  /** The AAD object id of the Teams user who approves. */
  static final String TEAMS_APPROVER = "0b7e5f3a-e2e0-4c1d-8a6b-0000000a11ce";

  /** The bearer token Alertmanager's http_config sends to trace-ingest's webhook receiver. */
  static final String ALERTMANAGER_TOKEN = "strata-e2e-alertmanager-token-0123456789";

  static final String API_TOKEN = "strata-e2e-console-token-0123456789";

  /** Remediator tokens with roles, for the console's browser test. */
  static final String VIEWER_TOKEN = "strata-e2e-viewer-token-0123456789";

  /** The correlator's %local viewer token (its application.properties): /api needs a bearer. */
  static final String CORRELATOR_TOKEN = "strata-local-correlator-token-0123456789";

  /** The simulator's PagerDuty stand-in accepts this routing key by default (32 characters). */
  static final String PAGERDUTY_ROUTING_KEY = "strata-local-pagerduty-key-00001";

  static final String APPROVER_TOKEN = "strata-e2e-approver-token-0123456789";

  /**
   * The simulator's OTLP exporter, which fails (with a stack trace per batch) until trace-ingest
   * listens; silenced only while the services start.
   */
  private static final Logger SPAN_EXPORTER =
      Logger.getLogger("io.opentelemetry.exporter.internal.http.HttpExporter");

  /** Held so the log levels are not garbage collected; the broker is chatty at INFO. */
  private static final List<Logger> QUIET_LOGGERS =
      List.of(
          Logger.getLogger("kafka"),
          Logger.getLogger("org.apache.kafka"),
          Logger.getLogger("state.change.logger"));

  /**
   * What differs between the classes that start a system.
   *
   * @param brokerProcess the broker in a JVM of its own ({@link BrokerProcess}, which the fault
   *     suite kills) instead of in the test JVM
   * @param brokers brokers of the in-JVM cluster: 1, or at least 3 with deploy/'s replication
   *     ({@link ReplicatedKafka})
   * @param console whether the console runs (the fault suite needs none)
   * @param correlators correlator instances: one named {@code correlator}, or several named {@code
   *     correlator-a}, {@code correlator-b}, ... in one Kafka Streams group
   * @param remediator whether the remediator runs
   * @param correlator settings added to every correlator's
   * @param remediatorSettings settings added to the remediator's
   */
  record Wiring(
      boolean brokerProcess,
      int brokers,
      boolean console,
      int correlators,
      boolean remediator,
      Map<String, String> correlator,
      Map<String, String> remediatorSettings) {

    Wiring {
      if (brokers != 1 && (brokerProcess || brokers < ReplicatedKafka.REPLICAS)) {
        throw new IllegalArgumentException(
            "1 broker, or at least 3 in the test JVM; was " + brokers);
      }
      if (correlators < 1 || correlators > 26) {
        throw new IllegalArgumentException("1 to 26 correlators; was " + correlators);
      }
    }

    /** One broker, one correlator and the remediator. */
    Wiring(
        boolean brokerProcess,
        boolean console,
        Map<String, String> correlator,
        Map<String, String> remediator) {
      this(brokerProcess, 1, console, 1, true, correlator, remediator);
    }

    /** The correlator instances' names (their logs' and {@link #service}'s). */
    List<String> correlatorNames() {
      if (correlators == 1) {
        return List.of("correlator");
      }
      return IntStream.range(0, correlators)
          .mapToObj(i -> "correlator-" + (char) ('a' + i))
          .toList();
    }

    /**
     * The scenarios' wiring: a 15 s reopen cooldown (the local run's is 1 min), which the vLLM
     * scenarios between the XID 79s on one GPU outlast, so each is an incident of its own; two
     * in-band windows (default three) or three clean device samples (default five) to resolve,
     * which every scenario's settling waits for; and a 5 s ownership-mismatch grace (local 15 s):
     * the simulator's pods and claims change within milliseconds of each other.
     */
    static final Wiring SCENARIOS =
        new Wiring(
            false,
            true,
            Map.of(
                "strata.correlator.lifecycle.reopen-cooldown", "15s",
                "strata.correlator.lifecycle.windows-to-resolve", "2",
                "strata.correlator.lifecycle.device-clean-samples-to-resolve", "3",
                "strata.correlator.ownership.mismatch-grace", "5s"),
            // The console's log link templates too (ConsoleWalkthrough checks page and review).
            // The remediation policy's ConfigMap, which PolicyScenario puts in place mid-run.
            Map.of(
                "strata.remediator.log-links.templates.grafana",
                ConsoleWalkthrough.GRAFANA_POD_LOGS,
                "strata.remediator.log-links.templates.grafana-trace",
                ConsoleWalkthrough.GRAFANA_TRACE_LOGS,
                "strata.remediator.log-links.templates.grafana-node",
                ConsoleWalkthrough.GRAFANA_NODE_LOGS,
                "strata.remediator.policy.config-map",
                PolicyScenario.CONFIG_MAP,
                "strata.remediator.policy.namespace",
                PolicyScenario.NAMESPACE));
  }

  private final Deque<AutoCloseable> closeables = new ArrayDeque<>();
  private final Map<String, ServiceProcess> services = new LinkedHashMap<>();
  private final Wiring wiring;
  private int otlpHttp;
  private TestKafka kafka;
  private EmbeddedKafkaCluster cluster;
  private BrokerProcess broker;
  private Simulator simulator;
  private Path repo;
  private Path logs;
  private Map<String, String> environment;
  private Map<String, String> remediatorSettings;

  private StrataSystem(Wiring wiring) {
    this.wiring = wiring;
  }

  static StrataSystem start(Path repo, Path work) throws IOException {
    return start(repo, work, Wiring.SCENARIOS);
  }

  static StrataSystem start(Path repo, Path work, Wiring wiring) throws IOException {
    StrataSystem system = new StrataSystem(wiring);
    try {
      system.startAll(repo, work);
      return system;
    } catch (IOException | RuntimeException | Error e) {
      system.close();
      throw e;
    }
  }

  private void startAll(Path repo, Path work) throws IOException {
    QUIET_LOGGERS.forEach(logger -> logger.setLevel(Level.WARNING));
    SPAN_EXPORTER.setLevel(Level.OFF);
    this.repo = repo;
    String bootstrap;
    if (wiring.brokerProcess()) {
      broker = BrokerProcess.start(work);
      closeables.push(broker);
      bootstrap = broker.bootstrapServers();
    } else if (wiring.brokers() > 1) {
      cluster = ReplicatedKafka.start(wiring.brokers());
      kafka = cluster;
      closeables.push(kafka);
      bootstrap = kafka.bootstrapServers();
    } else {
      kafka = KafkaProvider.configured().start(1);
      closeables.push(kafka);
      bootstrap = kafka.bootstrapServers();
    }

    Map<String, Integer> http = new LinkedHashMap<>();
    for (String name : List.of("device-ingest", "k8s-watcher", "trace-ingest")) {
      http.put(name, LoopbackPorts.next());
    }
    List<String> correlators = wiring.correlatorNames();
    correlators.forEach(name -> http.put(name, LoopbackPorts.next()));
    http.put("remediator", LoopbackPorts.next());
    http.put("console", LoopbackPorts.next());
    otlpHttp = LoopbackPorts.next();
    int otlpGrpc = LoopbackPorts.next();

    simulator =
        Simulator.start(
            SimulatorOptions.parse(
                List.of(
                    "--cluster=" + CLUSTER,
                    "--nodes=4",
                    // vLLM's dra-infer gets ~1/5 of the traffic: 40/s keeps its 10 s windows well
                    // above the local minimum of 20 requests.
                    "--request-rate=40",
                    "--metrics-mode=shared",
                    "--metrics-base-port=0",
                    "--kube-port=0",
                    "--control-port=0",
                    "--slack-port=0",
                    "--state-dir=" + work.resolve("sim"),
                    "--otlp-endpoint=http://127.0.0.1:" + otlpHttp,
                    "--slack-signing-secret=" + SIGNING_SECRET,
                    "--slack-approver=" + APPROVER,
                    "--remediator-interactions-url=http://127.0.0.1:"
                        + http.get("remediator")
                        + "/slack/interactions",
                    "--teams-port=0",
                    "--pagerduty-port=0",
                    "--teams-app-id=" + TEAMS_APP_ID,
                    "--teams-app-password=" + TEAMS_APP_PASSWORD,
                    "--teams-approver=" + TEAMS_APPROVER,
                    "--remediator-teams-url=http://127.0.0.1:"
                        + http.get("remediator")
                        + "/api/teams/messages",
                    "--auto-approve=false"),
                Map.of()),
            Clock.systemUTC());
    closeables.push(simulator);
    Map<String, Object> endpoints = simulator.endpoints();
    @SuppressWarnings("unchecked")
    Map<String, String> exporters = (Map<String, String>) endpoints.get("exporters");
    environment =
        Map.of(
            "KAFKA_BOOTSTRAP_SERVERS",
            bootstrap,
            "KUBECONFIG",
            String.valueOf(endpoints.get("kubeconfig")));

    logs = work.resolve("logs");
    start(
        repo,
        "device-ingest",
        http,
        Map.of(
            "strata.device-ingest.cluster",
            CLUSTER,
            "strata.device-ingest.scrape.targets",
            String.join(",", exporters.values())),
        environment,
        logs);
    start(
        repo,
        "k8s-watcher",
        http,
        Map.of("strata.k8s-watcher.cluster", CLUSTER),
        environment,
        logs);
    start(
        repo,
        "trace-ingest",
        http,
        Map.of(
            "strata.trace-ingest.receiver.host",
            "127.0.0.1",
            "strata.trace-ingest.receiver.http-port",
            Integer.toString(otlpHttp),
            "strata.trace-ingest.receiver.grpc-port",
            Integer.toString(otlpGrpc),
            "strata.trace-ingest.alertmanager.cluster",
            CLUSTER,
            "strata.trace-ingest.alertmanager.bearer-token",
            ALERTMANAGER_TOKEN),
        environment,
        logs);
    for (String name : correlators) {
      Path state = work.resolve(name + "-state");
      // An earlier run's stores belong to another broker's changelogs (its ids recur: the
      // simulated cluster is the same each run), and a clean shutdown left them checkpointed.
      deleteRecursively(state);
      Map<String, String> correlator = new LinkedHashMap<>();
      correlator.put("kafka-streams.state.dir", state.toString());
      if (correlators.size() > 1) {
        // Where the other instances forward a query for a key this one owns (application.server),
        // and the instance in its clients' ids, so the group's assignment names it.
        correlator.put("strata.correlator.advertised-server", "127.0.0.1:" + http.get(name));
        correlator.put("kafka-streams.client.id", name);
      }
      correlator.putAll(wiring.correlator());
      ServiceProcess process =
          ServiceProcess.start(
              repo, "correlator", name, http.get(name), correlator, environment, logs);
      services.put(name, process);
      closeables.push(process);
    }
    if (wiring.remediator()) {
      startFirstRemediator(endpoints, http);
    }
    if (wiring.console()) {
      start(
          repo,
          "console",
          http,
          Map.of(
              "strata.console.correlator-url",
              "http://127.0.0.1:" + http.get(correlators.get(0)),
              "strata.console.remediator-url",
              "http://127.0.0.1:" + http.get("remediator"),
              // The same log link templates as the scenarios' remediator (ConsoleWalkthrough).
              "strata.console.log-links.templates.grafana",
              ConsoleWalkthrough.GRAFANA_POD_LOGS,
              "strata.console.log-links.templates.grafana-trace",
              ConsoleWalkthrough.GRAFANA_TRACE_LOGS),
          environment,
          logs);
    }

    await()
        .atMost(Duration.ofSeconds(180))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> services.values().stream().allMatch(ServiceProcess::ready));
    SPAN_EXPORTER.setLevel(null);
  }

  private void startFirstRemediator(Map<String, Object> endpoints, Map<String, Integer> http)
      throws IOException {
    Map<String, String> remediator = new LinkedHashMap<>();
    remediator.put("strata.remediator.cluster", CLUSTER);
    remediator.put("strata.remediator.slack.enabled", "true");
    remediator.put("strata.remediator.slack.webhook-url", (String) endpoints.get("slack_webhook"));
    remediator.put("strata.remediator.slack.signing-secret", SIGNING_SECRET);
    remediator.put("strata.remediator.slack.allowed-users", APPROVER);
    // Teams beside Slack: the plan goes to both, one decision per action whichever answers.
    remediator.put("strata.remediator.teams.enabled", "true");
    remediator.put("strata.remediator.teams.app-id", TEAMS_APP_ID);
    remediator.put("strata.remediator.teams.app-password", TEAMS_APP_PASSWORD);
    remediator.put(
        "strata.remediator.teams.openid-metadata-url",
        (String) endpoints.get("teams_openid_metadata"));
    remediator.put("strata.remediator.teams.token-url", (String) endpoints.get("teams_token_url"));
    remediator.put(
        "strata.remediator.teams.service-url", (String) endpoints.get("teams_service_url"));
    remediator.put("strata.remediator.teams.conversation-id", "19:e2e-oncall@thread.tacv2");
    remediator.put("strata.remediator.teams.allowed-approvers", TEAMS_APPROVER);
    remediator.put("strata.remediator.api.tokens.console", API_TOKEN);
    remediator.put("strata.remediator.api.tokens.viewer", VIEWER_TOKEN);
    remediator.put("strata.remediator.api.roles.viewer", "VIEWER");
    remediator.put("strata.remediator.api.tokens.approver", APPROVER_TOKEN);
    remediator.put("strata.remediator.api.roles.approver", "APPROVER");
    // Four simulated nodes: one cordon is already a quarter of them (production allows 10 %).
    remediator.put("strata.remediator.blast-radius.max-percent", "50");
    remediator.put("strata.remediator.execution.tick-interval", "PT2S");
    remediator.putAll(wiring.remediatorSettings());
    // PagerDuty pages from the same incidents (the simulator's Events API v2 stand-in).
    remediator.put("strata.remediator.pagerduty.enabled", "true");
    remediator.put("strata.remediator.pagerduty.routing-key", PAGERDUTY_ROUTING_KEY);
    remediator.put(
        "strata.remediator.pagerduty.events-url", (String) endpoints.get("pagerduty_events_url"));
    remediator.put(
        "strata.remediator.pagerduty.console-url", "http://127.0.0.1:" + http.get("console"));
    remediatorSettings = Map.copyOf(remediator);
    start(repo, "remediator", http, remediator, environment, logs);
  }

  private void start(
      Path repo,
      String name,
      Map<String, Integer> ports,
      Map<String, String> properties,
      Map<String, String> environment,
      Path logs)
      throws IOException {
    ServiceProcess process =
        ServiceProcess.start(repo, name, ports.get(name), properties, environment, logs);
    services.put(name, process);
    closeables.push(process);
  }

  static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /**
   * Starts another remediator, {@code name}, wired as the first one plus {@code overrides} (its
   * Lease identity, say), on a port of its own; returns once it answers ready.
   */
  ServiceProcess startRemediator(String name, Map<String, String> overrides) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>(remediatorSettings);
    settings.putAll(overrides);
    ServiceProcess process =
        ServiceProcess.start(
            repo, "remediator", name, LoopbackPorts.next(), settings, environment, logs);
    services.put(name, process);
    closeables.push(process);
    await(name + " ready")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(process::ready);
    return process;
  }

  /** The broker's own JVM, when the wiring asked for one. */
  BrokerProcess broker() {
    if (broker == null) {
      throw new IllegalStateException("this system's broker runs in the test JVM");
    }
    return broker;
  }

  /**
   * Waits for the correlator's baseline of {@code namespace/workload} ({@link
   * CorrelatorBaselines}).
   */
  void awaitBaseline(String workload, Duration atMost) {
    new CorrelatorBaselines(services, wiring.correlatorNames().get(0)).waitFor(workload, atMost);
  }

  /** The correlator instances' names, as {@link #service} knows them. */
  List<String> correlators() {
    return wiring.correlatorNames();
  }

  /** The in-JVM cluster of several brokers, to stop one of them. */
  EmbeddedKafkaCluster cluster() {
    if (cluster == null) {
      throw new IllegalStateException("this system runs one broker");
    }
    return cluster;
  }

  String bootstrapServers() {
    return broker != null ? broker.bootstrapServers() : kafka.bootstrapServers();
  }

  Simulator simulator() {
    return simulator;
  }

  ServiceProcess service(String name) {
    return services.get(name);
  }

  Map<String, ServiceProcess> services() {
    return Map.copyOf(services);
  }

  /**
   * Stops the simulator first (its trace exporter would otherwise wait out its timeout against a
   * stopped trace-ingest), then the services (newest first), then the broker.
   */
  /** trace-ingest's Alertmanager webhook (docs/services/trace-ingest.md). */
  java.net.URI alertmanagerWebhook() {
    return java.net.URI.create("http://127.0.0.1:" + otlpHttp + "/api/v2/alertmanager");
  }

  @Override
  public void close() {
    if (simulator != null && closeables.remove(simulator)) {
      simulator.close();
    }
    // Every service shuts down at once (SIGTERM to all first); close() then waits for each.
    closeables.stream()
        .filter(ServiceProcess.class::isInstance)
        .forEach(service -> ((ServiceProcess) service).signalStop());
    while (!closeables.isEmpty()) {
      try {
        closeables.pop().close();
      } catch (Exception e) {
        System.err.println("[e2e] while stopping: " + e);
      }
    }
  }
}
