package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.cluster.ApiVersions;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.ClassPlans;
import io.strata.remediator.core.policy.ActivePolicy;
import io.strata.remediator.kube.FabricDiscovery;
import io.strata.remediator.kube.FabricTargetGateway;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The policy in the engine: AUTO on one pool, PROPOSE on another, OBSERVE for a namespace. */
class PolicyEngineTest {

  static final String POLICY =
      """
      rules:
        - name: research-observe
          match: incident.namespace == "research"
          mode: OBSERVE
        - name: pool-a-auto
          match: incident.class == "DEVICE_FAULT" && action.type == "CORDON_NODE" && node.pool == "a"
          mode: AUTO
      """;

  private final MutableClock clock = new MutableClock(Fixtures.T0);
  private final InMemoryJournal journal = new InMemoryJournal();
  private final RecordingNotifier notifier = new RecordingNotifier();
  private final List<ReviewRecord> reviews = new ArrayList<>();
  private final MockCluster cluster = new MockCluster();
  private final FabricTargetGateway gateway =
      new FabricTargetGateway(
          cluster.client,
          FabricDiscovery.versions(cluster.client, clock, ApiVersions.Settings.DEFAULTS),
          "nvidia.com/gpu.present=true",
          Optional.of("strata.io/pool"));
  private final ApprovalService approvals = new ApprovalService(journal, clock);
  private final ActionExecutor executor =
      new ActionExecutor(
          journal,
          gateway,
          new PatchFactory(Fixtures.patchSettings()),
          new ExecutionGuards(
              new GuardSettings(5, 100, Duration.ofHours(1), 5, Duration.ofHours(1)),
              new PauseSwitch(false)),
          clock);
  private final ActivePolicy policy = new ActivePolicy();
  private final RemediationEngine engine =
      new RemediationEngine(
          journal,
          new ActionPlanner(new ClassPlans(Map.of())),
          gateway,
          new PatchFactory(Fixtures.patchSettings()),
          approvals,
          notifier,
          reviews::add,
          new EngineSettings(
              3,
              false,
              Set.of(ActionType.CORDON_NODE),
              UndoMode.PROPOSE,
              Duration.ofMinutes(30),
              DeadlinePolicy.ESCALATE),
          clock,
          LogLinks.none(),
          new ClusterPolicyGate(policy, gateway, clock, (rule, e) -> {}));

  @BeforeEach
  void seed() {
    node("a1", "a");
    node("b1", "b");
    cluster.pod("ml", "llm-0", "a1");
    assertThat(policy.offer(POLICY, "test", clock.instant())).isEmpty();
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void onTheAutoPoolTheCordonIsApprovedByTheRuleAndItsUndoFollowsIt() {
    List<String> toRun =
        engine.onIncident(Fixtures.deviceFault("inc-a", 1, IncidentState.OPEN, List.of("a1")));
    String cordon = journal.published.get(0).actionId();

    assertThat(toRun).containsExactly(cordon);
    toRun.forEach(executor::execute);
    RemediationAction executed = journal.store().latest(cordon).orElseThrow();
    assertThat(executed.state()).isEqualTo(ActionState.EXECUTED);
    assertThat(executed.approvalChannel()).isEqualTo(ApprovalChannel.POLICY);
    assertThat(executed.policy()).isEqualTo(new PolicyRef("pool-a-auto", PolicyMode.AUTO));
    assertThat(cluster.client.nodes().withName("a1").get().getSpec().getTaints())
        .extracting(t -> t.getKey())
        .containsExactly("strata.io/quarantine");
    // The pause of the pod's batches matched no rule: proposed by the default.
    assertThat(journal.store().all())
        .extracting(RemediationAction::type, RemediationAction::state, RemediationAction::policy)
        .containsExactly(
            tuple(
                ActionType.CORDON_NODE,
                ActionState.EXECUTED,
                new PolicyRef("pool-a-auto", PolicyMode.AUTO)),
            tuple(
                ActionType.PAUSE_NEW_BATCHES,
                ActionState.PROPOSED,
                new PolicyRef(null, PolicyMode.PROPOSE)));
    assertThat(notifier.notices.get(0).actionIds()).hasSize(2);

    List<String> undo =
        engine.onIncident(Fixtures.deviceFault("inc-a", 2, IncidentState.RESOLVED, List.of("a1")));

    // UndoMode is PROPOSE, but what a rule did on its own is undone on its own.
    assertThat(undo).containsExactly(ActionIds.undoOf(cordon));
    undo.forEach(executor::execute);
    RemediationAction undone = journal.store().latest(ActionIds.undoOf(cordon)).orElseThrow();
    assertThat(undone.state()).isEqualTo(ActionState.EXECUTED);
    assertThat(undone.policy()).isEqualTo(new PolicyRef("pool-a-auto", PolicyMode.AUTO));
    assertThat(cluster.client.nodes().withName("a1").get().getSpec().getTaints()).isEmpty();
    assertThat(reviews.get(0).actions())
        .extracting(a -> a.type(), a -> a.policy())
        .contains(tuple(ActionType.CORDON_NODE, new PolicyRef("pool-a-auto", PolicyMode.AUTO)));
  }

  @Test
  void onAnotherPoolTheSameFaultIsOnlyProposed() {
    cluster.pod("ml", "llm-b", "b1");

    List<String> toRun =
        engine.onIncident(Fixtures.deviceFault("inc-b", 1, IncidentState.OPEN, List.of("b1")));

    assertThat(toRun).isEmpty();
    assertThat(journal.published.get(0).state()).isEqualTo(ActionState.PROPOSED);
    assertThat(journal.published.get(0).policy())
        .isEqualTo(new PolicyRef(null, PolicyMode.PROPOSE));
  }

  @Test
  void anObservedNamespaceGetsRecordsOfWhatWouldHaveBeenDoneAndNoAction() {
    List<String> toRun =
        engine.onIncident(
            Fixtures.deviceFault("inc-r", 1, IncidentState.OPEN, List.of("a1"), "research"));

    assertThat(toRun).isEmpty();
    assertThat(journal.store().all())
        .allSatisfy(
            a -> {
              assertThat(a.state()).isEqualTo(ActionState.OBSERVED);
              assertThat(a.policy())
                  .isEqualTo(new PolicyRef("research-observe", PolicyMode.OBSERVE));
            });
    assertThat(notifier.notices.get(0).notes())
        .contains(
            "observed by policy rule research-observe: step 1 CORDON_NODE a1 is not proposed");
    assertThat(cluster.client.nodes().withName("a1").get().getSpec().getTaints()).isNullOrEmpty();
  }

  @Test
  void aChangedPolicyAppliesToTheNextIncidentAndARefusedOneKeepsIt() {
    assertThat(
            policy.offer(
                "rules: [{name: broken, match: 'node.', mode: AUTO}]", "test", clock.instant()))
        .hasValueSatisfying(r -> assertThat(r.rule()).isEqualTo("broken"));
    assertThat(policy.policy().rules()).hasSize(2);

    policy.offer(
        "rules: [{name: all-observe, match: 'true', mode: OBSERVE}]", "test", clock.instant());
    engine.onIncident(Fixtures.deviceFault("inc-x", 1, IncidentState.OPEN, List.of("a1")));

    assertThat(journal.published.get(0).policy())
        .isEqualTo(new PolicyRef("all-observe", PolicyMode.OBSERVE));
  }

  @Test
  void tenFaultsTogetherOnTheAutoPoolStopAtTheBlastRadius() {
    List<String> approved = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      node("auto-" + i, "a");
    }
    for (int i = 1; i <= 10; i++) {
      approved.addAll(
          engine.onIncident(
              Fixtures.deviceFault("inc-" + i, 1, IncidentState.OPEN, List.of("auto-" + i))));
    }
    approved.forEach(executor::execute);

    // The rule approved all ten; the executor's blast radius (5 nodes) let five through.
    assertThat(approved).hasSize(10);
    assertThat(journal.store().all())
        .filteredOn(a -> a.type() == ActionType.CORDON_NODE)
        .extracting(RemediationAction::state, RemediationAction::reason)
        .containsOnly(
            tuple(
                ActionState.EXECUTED, io.strata.events.remediation.ActionOutcomeReason.UNSPECIFIED),
            tuple(
                ActionState.REFUSED,
                io.strata.events.remediation.ActionOutcomeReason.BLAST_RADIUS_LIMIT));
    assertThat(
            cluster.client.nodes().list().getItems().stream()
                .filter(n -> n.getSpec().getTaints() != null && !n.getSpec().getTaints().isEmpty()))
        .hasSize(5);
  }

  private void node(String name, String pool) {
    cluster
        .client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("nvidia.com/gpu.present", "true")
                .addToLabels("strata.io/pool", pool)
                .endMetadata()
                .withNewSpec()
                .endSpec()
                .build())
        .create();
  }
}
