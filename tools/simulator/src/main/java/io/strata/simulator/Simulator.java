package io.strata.simulator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.strata.simulator.control.ControlServer;
import io.strata.simulator.dcgm.ExporterNamings;
import io.strata.simulator.dcgm.ExporterRehearsal;
import io.strata.simulator.dcgm.MetricsServers;
import io.strata.simulator.dcgm.NamingRollout;
import io.strata.simulator.k8s.ClusterSeeder;
import io.strata.simulator.k8s.ExporterEndpoints;
import io.strata.simulator.k8s.MockKubernetesApi;
import io.strata.simulator.k8s.PatchLog;
import io.strata.simulator.k8s.PodSync;
import io.strata.simulator.k8s.ReactionConventions;
import io.strata.simulator.k8s.RemediationWatcher;
import io.strata.simulator.k8s.ScenarioEffects;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Scenario;
import io.strata.simulator.model.ScenarioTransition;
import io.strata.simulator.model.SimulatedRequest;
import io.strata.simulator.otlp.TraceEmitter;
import io.strata.simulator.pagerduty.PagerDutyStandIn;
import io.strata.simulator.slack.ApprovalClicker;
import io.strata.simulator.slack.SlackSigner;
import io.strata.simulator.slack.SlackStandIn;
import io.strata.simulator.teams.TeamsSettings;
import io.strata.simulator.teams.TeamsStandIn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Wires the model to its adapters, runs the clock, and stops everything in reverse order. */
public final class Simulator implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Simulator.class);
  private static final Duration EVENT_REFRESH = Duration.ofSeconds(15);

  private final SimulatorOptions options;
  private final Clock clock;
  private final Deque<AutoCloseable> closeables = new ArrayDeque<>();
  private final Map<String, Object> endpoints = new LinkedHashMap<>();
  private ClusterModel model;
  private MockKubernetesApi api;
  private ScenarioEffects effects;
  private TraceEmitter emitter;
  private ExporterNamings namings;
  private Instant lastTick;
  private Instant lastEventRefresh = Instant.EPOCH;
  private TeamsStandIn teams;
  private PagerDutyStandIn pagerDuty;

  private Simulator(SimulatorOptions options, Clock clock) {
    this.options = options;
    this.clock = clock;
  }

  public static Simulator start(SimulatorOptions options, Clock clock) throws IOException {
    Simulator simulator = new Simulator(options, clock);
    try {
      simulator.startAll();
    } catch (IOException | RuntimeException e) {
      simulator.close();
      throw e;
    }
    return simulator;
  }

  private void startAll() throws IOException {
    Instant now = clock.instant();
    ClusterShape defaults = ClusterShape.defaults();
    ClusterShape shape =
        new ClusterShape(
            options.cluster(),
            options.nodes(),
            options.gpusPerNode(),
            defaults.gpuProduct(),
            defaults.modelName(),
            defaults.driverVersion(),
            options.requestRate(),
            options.seed());
    model = new ClusterModel(shape, now);
    ExecutorService http = Executors.newFixedThreadPool(8, daemon("sim-http"));
    closeables.push(http::shutdownNow);

    api = MockKubernetesApi.start(options.host(), options.kubePort());
    closeables.push(api);
    KubernetesClient client = api.newClient();
    closeables.push(client);
    ReactionConventions conventions = options.conventions();
    ClusterSeeder seeder = new ClusterSeeder(client, conventions);
    seeder.seed(model, now);
    PodSync podSync = new PodSync(client, model, seeder);
    effects = new ScenarioEffects(client, model, seeder, podSync);
    RemediationWatcher watcher = new RemediationWatcher(client, model, conventions, podSync, clock);
    watcher.start();
    closeables.push(watcher);
    Files.createDirectories(options.stateDir());
    Path kubeconfig = api.writeKubeconfig(options.stateDir().resolve("kubeconfig"));
    endpoints.put("kubernetes_api", api.url());
    endpoints.put("kubeconfig", kubeconfig.toAbsolutePath().toString());

    if (options.rehearseExporters()) {
      rehearseExporters(shape, now);
    }
    namings = new ExporterNamings(shape, options.xidWindow(), model.nodes(), options.dcgmNaming());
    MetricsServers metrics = new MetricsServers(model, namings, clock);
    closeables.push(metrics);
    Map<String, String> exporters =
        metrics.start(options.metricsMode(), options.host(), options.metricsBasePort());
    endpoints.put("exporters", exporters);
    if (options.metricsMode() == MetricsServers.Mode.PER_NODE) {
      // Discoverable like the dcgm-exporter chart's Service (shared mode's paths are not).
      ExporterEndpoints.publish(client, exporters);
    }

    OtlpHttpSpanExporter exporter =
        OtlpHttpSpanExporter.builder()
            .setEndpoint(options.otlpEndpoint().toString().replaceAll("/+$", "") + "/v1/traces")
            .setTimeout(Duration.ofSeconds(5))
            .build();
    emitter = new TraceEmitter(shape.cluster(), shape.gpuProduct(), exporter);
    closeables.push(emitter);
    endpoints.put(
        "otlp_traces", options.otlpEndpoint().toString().replaceAll("/+$", "") + "/v1/traces");

    ApprovalClicker clicker =
        new ApprovalClicker(
            options.remediatorInteractionsUrl(),
            new SlackSigner(options.slackSigningSecret()),
            options.slackApprover(),
            clock);
    SlackStandIn slack = new SlackStandIn(clock, clicker, options.autoApprove());
    closeables.push(slack);
    String slackUrl = slack.start(options.host(), options.slackPort(), http);
    endpoints.put("slack_webhook", slack.webhookUrl());
    endpoints.put("slack_messages", slackUrl + "/slack/messages");
    endpoints.put("slack_interactions_target", options.remediatorInteractionsUrl().toString());
    endpoints.put("slack_auto_approve", options.autoApprove());
    if (options.teamsPort().isPresent()) {
      startTeams(http);
    }
    if (options.pagerDutyPort().isPresent()) {
      PagerDutyStandIn standIn = new PagerDutyStandIn(options.pagerDutyRoutingKey(), clock);
      closeables.push(standIn);
      String url = standIn.start(options.host(), options.pagerDutyPort().getAsInt(), http);
      pagerDuty = standIn;
      endpoints.put("pagerduty_events_url", standIn.eventsUrl());
      endpoints.put("pagerduty_events", url + PagerDutyStandIn.EVENTS_PATH);
    }

    ControlServer control =
        new ControlServer(model, this::activate, this::injectXid79, () -> Map.copyOf(endpoints));
    closeables.push(control);
    String controlUrl = control.start(options.host(), options.controlPort(), http);
    endpoints.put("control", controlUrl);

    activate(options.scenario());
    lastTick = clock.instant();
    ScheduledExecutorService ticker =
        Executors.newSingleThreadScheduledExecutor(daemon("sim-tick"));
    closeables.push(ticker::shutdownNow);
    long period = options.tick().toMillis();
    ticker.scheduleAtFixedRate(this::tickSafely, period, period, TimeUnit.MILLISECONDS);

    new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .writeValue(options.stateDir().resolve("endpoints.json").toFile(), endpoints);
  }

  private void startTeams(ExecutorService http) throws IOException {
    TeamsStandIn standIn =
        new TeamsStandIn(
            new TeamsSettings(
                options.teamsAppId(),
                options.teamsAppPassword(),
                options.teamsApprover(),
                options.remediatorTeamsUrl(),
                options.autoApprove()),
            clock);
    closeables.push(standIn);
    String teamsUrl = standIn.start(options.host(), options.teamsPort().getAsInt(), http);
    teams = standIn;
    endpoints.put("teams_service_url", standIn.serviceUrl());
    endpoints.put("teams_openid_metadata", standIn.openIdMetadataUrl());
    endpoints.put("teams_token_url", standIn.tokenUrl());
    endpoints.put("teams_cards", teamsUrl + "/teams/cards");
    endpoints.put("teams_click", teamsUrl + "/teams/click");
    endpoints.put("teams_bot_target", options.remediatorTeamsUrl().toString());
  }

  /** Warms the exporters' code (ADR 046); a failure only costs the warm-up, never the start. */
  private void rehearseExporters(ClusterShape shape, Instant now) {
    try {
      ExporterRehearsal.Result r =
          ExporterRehearsal.run(shape, options.xidWindow(), now, options.dcgmNaming());
      if (!r.faultShown()) {
        LOG.warn("exporter rehearsal: its last pages showed no GPU off the bus");
      }
      // stdout, like the banner: the simulator's own log shows warnings only.
      System.out.printf(
          "exporter pages rehearsed through XID 79: %d pages in %d ms%n",
          r.pages(), r.took().toMillis());
    } catch (RuntimeException e) {
      LOG.warn("exporter rehearsal failed; serving without it: {}", e.toString());
    }
  }

  /** Switches the scenario in the model and makes the switch visible in the Kubernetes API. */
  public synchronized void activate(Scenario scenario) {
    Instant now = clock.instant();
    ScenarioTransition transition = model.activate(scenario, now);
    effects.apply(transition, now);
    LOG.info("scenario {} -> {}", transition.from().slug(), transition.to().slug());
  }

  private void tickSafely() {
    try {
      tick();
    } catch (RuntimeException e) {
      LOG.warn("tick failed: {}", e.toString());
    }
  }

  private synchronized void tick() {
    Instant now = clock.instant();
    List<SimulatedRequest> requests = model.requests(lastTick, now);
    model.tick(now);
    lastTick = now;
    requests.forEach(emitter::emit);
    if (!now.isBefore(lastEventRefresh.plus(EVENT_REFRESH))
        && model.pods().stream().anyMatch(p -> !p.isScheduled())) {
      effects.refreshSchedulingEvents(now);
      lastEventRefresh = now;
    }
  }

  public ClusterModel model() {
    return model;
  }

  /**
   * Upgrades (or downgrades) the exporters: from their next page on they print the names of {@code
   * rollout}, as after a rolling restart of dcgm-exporter in another version. For tests.
   */
  public void useDcgmNaming(NamingRollout rollout) {
    namings.use(rollout);
    LOG.info("exporters now print the {} DCGM naming", rollout.slug());
  }

  /** The naming rollout the exporters print now. */
  public NamingRollout dcgmNaming() {
    return namings.rollout();
  }

  /**
   * Fault injection for tests: while xid-79 is active, {@code gpu} falls off the bus too (see
   * {@link ClusterModel#alsoFallOffTheBus}); the next scenario switch repairs it.
   */
  public synchronized void alsoFallOffTheBus(io.strata.simulator.model.Gpu gpu) {
    model.alsoFallOffTheBus(gpu, clock.instant());
  }

  /**
   * One more XID 79 (the control API's POST /faults/xid-79, for tools/live-run): activates xid-79
   * when another scenario is active (its target falls), else makes the next GPU on a node with no
   * fallen GPU fall too. Returns the GPU that fell; the next scenario switch repairs them all.
   */
  public synchronized io.strata.simulator.model.Gpu injectXid79() {
    if (model.scenario() != Scenario.XID_79) {
      activate(Scenario.XID_79);
      return model.targets().xid79Gpu();
    }
    io.strata.simulator.model.Gpu gpu =
        model
            .nextGpuToFall()
            .orElseThrow(() -> new IllegalStateException("every node already has a fallen GPU"));
    alsoFallOffTheBus(gpu);
    return gpu;
  }

  /**
   * The remediator's marked PATCHes as the mock Kubernetes API received them, and the hold that
   * fault tests arm (nothing is held unless they do).
   */
  public PatchLog patchLog() {
    return api.patchLog();
  }

  /**
   * The Teams stand-in (its clicker clicks and forges invokes for tests); empty unless {@code
   * --teams-port} is given.
   */
  public Optional<TeamsStandIn> teams() {
    return Optional.ofNullable(teams);
  }

  /**
   * The PagerDuty stand-in ({@code events()}: every accepted event in order); empty unless {@code
   * --pagerduty-port} is given.
   */
  public Optional<PagerDutyStandIn> pagerDuty() {
    return Optional.ofNullable(pagerDuty);
  }

  public Map<String, Object> endpoints() {
    return Map.copyOf(endpoints);
  }

  @Override
  public void close() {
    while (!closeables.isEmpty()) {
      try {
        closeables.pop().close();
      } catch (Exception e) {
        LOG.warn("while stopping: {}", e.toString());
      }
    }
  }

  private static ThreadFactory daemon(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
