package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.Node;
import io.strata.simulator.model.Scenario;
import io.strata.simulator.model.Workloads;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The remediation policy on the running system (docs/POLICY.md): put in the remediator's ConfigMap
 * mid-run (the earlier scenarios ran without one), it makes an XID 79 on the auto pool a cordon
 * executed with no click, the same fault on the manual pool a proposal, one in the training
 * namespace an observation; ten GPUs falling at once never take more nodes out than the blast
 * radius (two per window, the earlier scenarios' XID 79 node one of them); a malformed edit is
 * refused and the policy stays; and the backtest of the policy over this phase's own history
 * counts, per rule, what really happened. Run by {@link EndToEndScenariosIT} on its system.
 */
final class PolicyScenario {

  static final String CONFIG_MAP = "strata-remediator-policy";
  static final String NAMESPACE = "strata";
  static final String POOL_LABEL = "strata.io/pool";

  static final String POLICY =
      """
      rules:
        - name: training-observe
          match: incident.namespace == "training"
          mode: OBSERVE
        - name: pool-auto
          match: >-
            incident.class == "DEVICE_FAULT" && action.type == "CORDON_NODE"
            && "strata.io/pool" in node.labels && node.labels["strata.io/pool"] == "auto"
          mode: AUTO
      """;

  private static final Duration WAIT = Duration.ofSeconds(120);
  private static final java.util.Set<ActionType> UNDOS =
      java.util.EnumSet.of(ActionType.UNCORDON_NODE, ActionType.RESUME_BATCHES);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final StrataSystem system;
  private final TopicRecorder recorder;
  private final Clock clock;

  PolicyScenario(StrataSystem system, TopicRecorder recorder, Clock clock) {
    this.system = system;
    this.recorder = recorder;
    this.clock = clock;
  }

  /**
   * The four nodes this scenario labels: auto pool (the XID 79 target's, another), training,
   * manual.
   */
  private record Nodes(String target, String autoOther, String training, String manual) {}

  void run() throws Exception {
    ClusterModel model = system.simulator().model();
    Nodes nodes = pick(model);
    String remediator = system.service("remediator").baseUrl();
    releaseTheTargetNode(remediator, nodes.target());
    try (KubernetesClient kube = kube()) {
      label(kube, nodes.target(), "manual");
      label(kube, nodes.autoOther(), "auto");
      label(kube, nodes.training(), "auto");
      label(kube, nodes.manual(), "auto");
      apply(kube, POLICY);
      String version = awaitRules(remediator, List.of("training-observe", "pool-auto"));

      Instant start = clock.instant();
      List<Gpu> falling = tenGpus(model, nodes);
      system.simulator().activate(Scenario.XID_79);
      falling.stream().skip(1).forEach(system.simulator()::alsoFallOffTheBus);

      List<String> hit =
          List.of(nodes.target(), nodes.autoOther(), nodes.training(), nodes.manual());
      for (String node : hit) {
        awaitIncident(node, start);
      }
      // The auto pool: the rule approves every cordon there; the blast radius (two nodes per
      // window, the earlier scenarios' XID 79 node one of them) lets one node through, whichever
      // executes first, and refuses the other. No click either way.
      List<String> autoNodes = List.of(nodes.autoOther(), nodes.manual());
      RemediationAction contained =
          await("a cordon on the auto pool executed by the rule")
              .atMost(WAIT)
              .pollInterval(Duration.ofMillis(250))
              .until(
                  () ->
                      cordons(start).stream()
                          .filter(a -> a.state() == ActionState.EXECUTED)
                          .filter(a -> autoNodes.contains(a.target().name()))
                          .findFirst(),
                  Optional::isPresent)
              .orElseThrow();
      String containedNode = contained.target().name();
      String heldNode =
          autoNodes.get(0).equals(containedNode) ? autoNodes.get(1) : autoNodes.get(0);
      assertThat(contained.approvedBy()).isEqualTo("policy");
      assertThat(contained.approvalChannel()).isEqualTo(ApprovalChannel.POLICY);
      assertThat(contained.policy()).isEqualTo(new PolicyRef("pool-auto", PolicyMode.AUTO));
      assertThat(system.simulator().model().status().cordonedNodes()).contains(containedNode);
      RemediationAction refused = awaitCordon(heldNode, start, ActionState.REFUSED);
      assertThat(refused.reason()).isEqualTo(ActionOutcomeReason.BLAST_RADIUS_LIMIT);
      assertThat(refused.message()).startsWith("NODES_IN_WINDOW");
      assertThat(refused.policy()).isEqualTo(new PolicyRef("pool-auto", PolicyMode.AUTO));
      // The XID 79 target's node is in the manual pool: the same fault there is only proposed.
      RemediationAction proposed = awaitCordon(nodes.target(), start, ActionState.PROPOSED);
      assertThat(proposed.policy()).isEqualTo(new PolicyRef(null, PolicyMode.PROPOSE));
      // The training namespace: incidents, their steps observed, no action.
      awaitCordon(nodes.training(), start, ActionState.OBSERVED);
      assertThat(phaseActions(start).values())
          .filteredOn(a -> nodes.training().equals(a.correlation().node()))
          .isNotEmpty()
          .allSatisfy(
              a -> {
                assertThat(a.state()).isEqualTo(ActionState.OBSERVED);
                assertThat(a.policy())
                    .isEqualTo(new PolicyRef("training-observe", PolicyMode.OBSERVE));
              });
      // Whatever the order, every cordon the phase executed was on that one node.
      await("every auto-pool cordon decided")
          .atMost(WAIT)
          .pollInterval(Duration.ofMillis(250))
          .until(
              () ->
                  cordons(start).stream()
                      .filter(a -> autoNodes.contains(a.target().name()))
                      .noneMatch(
                          a ->
                              a.state() == ActionState.PROPOSED
                                  || a.state() == ActionState.APPROVED
                                  || a.state() == ActionState.EXECUTING));
      assertThat(cordons(start))
          .filteredOn(a -> a.state() == ActionState.EXECUTED)
          .extracting(a -> a.target().name())
          .containsOnly(containedNode);
      List<String> cordoned = system.simulator().model().status().cordonedNodes();
      assertThat(cordoned).doesNotContain(heldNode, nodes.training());
      System.out.printf(
          "[e2e] policy: ten GPUs fell on %s: %d incidents; %s contained, %s held; cordoned now"
              + " %s%n",
          hit, incidentsSince(start), containedNode, heldNode, cordoned);

      // A malformed edit: refused with its rule and reason, the policy in force stays.
      apply(kube, "rules: [{name: broken, match: 'node.labels[', mode: AUTO}]");
      JsonNode refusedEdit =
          await("the remediator refuses the malformed policy")
              .atMost(Duration.ofSeconds(30))
              .until(
                  () -> policy(remediator),
                  p -> "broken".equals(p.path("last_refusal").path("rule").asText()));
      assertThat(refusedEdit.path("version").asText()).isEqualTo(version);
      assertThat(refusedEdit.path("last_refusal").path("problem").asText()).isEqualTo("BAD_MATCH");

      backtestCountsWhatHappened(remediator, start);
    }
  }

  /**
   * The policy's backtest over this phase replays every step the phase planned and, per rule, gives
   * the counts the journal shows: no step would have gone differently.
   */
  private void backtestCountsWhatHappened(String remediator, Instant start)
      throws IOException, InterruptedException {
    // The steps planned in this phase: actions whose first record came after it began.
    Map<String, RemediationAction> planned = phaseActions(start);
    Map<String, Long> stepsByRule =
        planned.values().stream()
            .collect(
                Collectors.groupingBy(
                    a ->
                        a.policy() == null || a.policy().rule() == null
                            ? "default"
                            : a.policy().rule(),
                    Collectors.counting()));
    long since = Duration.between(start, clock.instant()).toSeconds() + 1;
    HttpResponse<String> answer =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(remediator + "/api/policy/test?since=PT" + since + "S"))
                    .header("Authorization", "Bearer " + StrataSystem.VIEWER_TOKEN)
                    .header("Content-Type", "application/yaml")
                    .timeout(Duration.ofSeconds(60))
                    .POST(HttpRequest.BodyPublishers.ofString(POLICY))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    JsonNode report = JSON.readTree(answer.body());
    System.out.printf("[e2e] policy backtest: %s%n", report);
    assertThat(report.path("differing").asLong())
        .as("steps that would have gone differently")
        .isZero();
    Map<String, Long> replayed = new LinkedHashMap<>();
    for (JsonNode rule : report.path("rules")) {
      assertThat(rule.path("draft")).as(rule.path("rule").asText()).isEqualTo(rule.path("real"));
      if (rule.path("real").path("steps").asLong() > 0) {
        replayed.put(rule.path("rule").asText(), rule.path("real").path("steps").asLong());
      }
    }
    assertThat(replayed).as("steps per rule: the backtest, the journal").isEqualTo(stepsByRule);
    // Every AUTO cordon the rule approved but the one the blast radius let through was refused by
    // a guard, in the journal and in the replay alike.
    long autoSteps = stepsByRule.get("pool-auto");
    long executed =
        planned.values().stream()
            .filter(a -> a.state() == ActionState.EXECUTED && a.policy() != null)
            .filter(a -> a.policy().mode() == PolicyMode.AUTO)
            .count();
    JsonNode auto = rule(report, "pool-auto").path("draft");
    assertThat(auto.path("executed_by_policy").asLong()).isEqualTo(executed).isPositive();
    long refused = 0;
    for (JsonNode count : auto.path("refused")) {
      refused += count.asLong();
    }
    assertThat(refused).isEqualTo(autoSteps - executed);
    assertThat(auto.path("refused").path("BLAST_RADIUS_LIMIT:NODES_IN_WINDOW").asLong())
        .isPositive();
  }

  private static JsonNode rule(JsonNode report, String name) {
    for (JsonNode rule : report.path("rules")) {
      if (rule.path("rule").asText().equals(name)) {
        return rule;
      }
    }
    throw new AssertionError("no rule " + name + " in " + report);
  }

  /**
   * The XID 79 target's node (manual pool: the earlier scenarios cordoned it), the training job's
   * node (auto pool: the namespace rule comes first), and the other two (auto pool).
   */
  private static Nodes pick(ClusterModel model) {
    String target = model.targets().xid79Gpu().node();
    String training =
        model.nodes().stream()
            .filter(n -> n.gpus().stream().anyMatch(PolicyScenario::training))
            .map(Node::name)
            .findFirst()
            .orElseThrow();
    List<String> rest =
        model.nodes().stream()
            .map(Node::name)
            .filter(n -> !n.equals(target) && !n.equals(training))
            .toList();
    assertThat(rest).as("the scenarios' four nodes").hasSize(2);
    return new Nodes(target, rest.get(0), training, rest.get(1));
  }

  /** The target first, then three more on each other node: ten GPUs, every node hit. */
  private static List<Gpu> tenGpus(ClusterModel model, Nodes nodes) {
    Gpu target = model.targets().xid79Gpu();
    List<Gpu> falling = new ArrayList<>(List.of(target));
    Map<String, Integer> perNode =
        Map.of(nodes.target(), 2, nodes.autoOther(), 3, nodes.training(), 2, nodes.manual(), 2);
    for (Node node : model.nodes()) {
      node.gpus().stream()
          .filter(g -> g != target)
          // The training node's incident must be the training pod's: only its GPUs fall there.
          .filter(g -> !node.name().equals(nodes.training()) || training(g))
          .limit(perNode.get(node.name()))
          .forEach(falling::add);
    }
    assertThat(falling).as("GPUs falling together").hasSize(10);
    return falling;
  }

  private static boolean training(Gpu gpu) {
    return gpu.holder() != null && Workloads.JOB_NAMESPACE.equals(gpu.holder().namespace());
  }

  private String awaitIncident(String node, Instant since) {
    return await("an open incident on " + node)
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                recorder
                    .since(Topics.INCIDENTS, since, i -> i.scope().nodes().contains(node))
                    .stream()
                    .map(o -> o.value())
                    .filter(
                        i ->
                            i.state() == IncidentState.OPEN
                                || i.state() == IncidentState.MITIGATING)
                    .map(Incident::incidentId)
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  /**
   * The console walk-through left the XID 79 target's node cordoned with its uncordon proposed: an
   * operator approves it, so the node can fault again (a cordoned node gets no second cordon).
   */
  private void releaseTheTargetNode(String remediator, String node) {
    if (!system.simulator().model().status().cordonedNodes().contains(node)) {
      return;
    }
    Map<String, RemediationAction> latest = new LinkedHashMap<>();
    recorder
        .since(Topics.REMEDIATION, Instant.EPOCH, a -> a.type() == ActionType.UNCORDON_NODE)
        .forEach(o -> latest.put(o.value().actionId(), o.value()));
    RemediationAction uncordon =
        latest.values().stream()
            .filter(a -> a.state() == ActionState.PROPOSED && node.equals(a.target().name()))
            .reduce((first, second) -> second)
            .orElseThrow(() -> new AssertionError(node + " is cordoned with no uncordon proposed"));
    var approved = Http.approveAsShown(remediator, uncordon.actionId(), StrataSystem.API_TOKEN);
    assertThat(approved.statusCode()).as(approved.body()).isBetween(200, 299);
    await("the node takes pods again")
        .atMost(Duration.ofSeconds(60))
        .until(() -> !system.simulator().model().status().cordonedNodes().contains(node));
  }

  private RemediationAction awaitCordon(String node, Instant start, ActionState state) {
    return await("a cordon of " + node + " " + state)
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                phaseActions(start).values().stream()
                    .filter(a -> a.type() == ActionType.CORDON_NODE && a.state() == state)
                    .filter(a -> node.equals(a.target().name()))
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  private List<RemediationAction> cordons(Instant start) {
    return phaseActions(start).values().stream()
        .filter(a -> a.type() == ActionType.CORDON_NODE)
        .toList();
  }

  /** The latest state of each step planned in this phase, by action id, undos left out. */
  private Map<String, RemediationAction> phaseActions(Instant start) {
    Map<String, RemediationAction> planned = new LinkedHashMap<>();
    java.util.Set<String> earlier = new java.util.HashSet<>();
    for (Observed<RemediationAction> o :
        recorder.since(Topics.REMEDIATION, Instant.EPOCH, a -> !UNDOS.contains(a.type()))) {
      String id = o.value().actionId();
      if (o.receivedAt().isBefore(start)) {
        earlier.add(id);
      } else if (!earlier.contains(id)) {
        planned.put(id, o.value());
      }
    }
    return planned;
  }

  private long incidentsSince(Instant start) {
    return recorder.since(Topics.INCIDENTS, start, i -> true).stream()
        .map(o -> o.value().incidentId())
        .distinct()
        .count();
  }

  private static JsonNode policy(String remediator) {
    return Http.getJson(remediator + "/api/policy", StrataSystem.VIEWER_TOKEN);
  }

  private static String awaitRules(String remediator, List<String> names) {
    return await("the remediator applies the policy ConfigMap")
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> policy(remediator),
            p -> {
              List<String> rules = new ArrayList<>();
              p.path("rules").forEach(r -> rules.add(r.path("name").asText()));
              return rules.equals(names) && p.path("last_refusal").isMissingNode();
            })
        .path("version")
        .asText();
  }

  private void apply(KubernetesClient kube, String document) {
    kube.configMaps()
        .inNamespace(NAMESPACE)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(CONFIG_MAP)
                .withNamespace(NAMESPACE)
                .endMetadata()
                .withData(Map.of("policy.yaml", document))
                .build())
        .createOr(c -> c.update());
  }

  private static void label(KubernetesClient kube, String node, String pool) {
    kube.nodes()
        .withName(node)
        .edit(
            n -> {
              n.getMetadata().getLabels().put(POOL_LABEL, pool);
              return n;
            });
  }

  private KubernetesClient kube() throws IOException {
    Path kubeconfig = Path.of(String.valueOf(system.simulator().endpoints().get("kubeconfig")));
    return new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
        .build();
  }
}
