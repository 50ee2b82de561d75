package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.policy.ActivePolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

  private final EngineHarness h = EngineHarness.pooled(EngineHarness.GUARDS);
  private final ActivePolicy policy = new ActivePolicy();
  private final RemediationEngine engine =
      h.engine(
          EngineHarness.settings(UndoMode.PROPOSE, Duration.ofMinutes(30), DeadlinePolicy.ESCALATE),
          policy);

  @BeforeEach
  void seed() {
    h.cluster.gpuNode("a1", "a");
    h.cluster.gpuNode("b1", "b");
    h.cluster.pod("ml", "llm-0", "a1");
    assertThat(policy.offer(POLICY, "test", h.clock.instant())).isEmpty();
  }

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void onTheAutoPoolTheCordonIsApprovedByTheRuleAndItsUndoFollowsIt() {
    List<String> toRun =
        engine.onIncident(Fixtures.deviceFault("inc-a", 1, IncidentState.OPEN, List.of("a1")));
    String cordon = h.journal.published.get(0).actionId();

    assertThat(toRun).containsExactly(cordon);
    toRun.forEach(h.executor::execute);
    RemediationAction executed = h.journal.store().latest(cordon).orElseThrow();
    assertThat(executed.state()).isEqualTo(ActionState.EXECUTED);
    assertThat(executed.approvalChannel()).isEqualTo(ApprovalChannel.POLICY);
    assertThat(executed.policy()).isEqualTo(new PolicyRef("pool-a-auto", PolicyMode.AUTO));
    assertThat(h.cluster.client.nodes().withName("a1").get().getSpec().getTaints())
        .extracting(t -> t.getKey())
        .containsExactly("strata.io/quarantine");
    // The pause of the pod's batches matched no rule: proposed by the default.
    assertThat(h.journal.store().all())
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
    assertThat(h.notifier.notices.get(0).actionIds()).hasSize(2);

    List<String> undo =
        engine.onIncident(Fixtures.deviceFault("inc-a", 2, IncidentState.RESOLVED, List.of("a1")));

    // UndoMode is PROPOSE, but what a rule did on its own is undone on its own.
    assertThat(undo).containsExactly(ActionIds.undoOf(cordon));
    undo.forEach(h.executor::execute);
    RemediationAction undone = h.journal.store().latest(ActionIds.undoOf(cordon)).orElseThrow();
    assertThat(undone.state()).isEqualTo(ActionState.EXECUTED);
    assertThat(undone.policy()).isEqualTo(new PolicyRef("pool-a-auto", PolicyMode.AUTO));
    assertThat(h.cluster.client.nodes().withName("a1").get().getSpec().getTaints()).isEmpty();
    assertThat(h.reviews.get(0).actions())
        .extracting(a -> a.type(), a -> a.policy())
        .contains(tuple(ActionType.CORDON_NODE, new PolicyRef("pool-a-auto", PolicyMode.AUTO)));
  }

  @Test
  void onAnotherPoolTheSameFaultIsOnlyProposed() {
    h.cluster.pod("ml", "llm-b", "b1");

    List<String> toRun =
        engine.onIncident(Fixtures.deviceFault("inc-b", 1, IncidentState.OPEN, List.of("b1")));

    assertThat(toRun).isEmpty();
    assertThat(h.journal.published.get(0).state()).isEqualTo(ActionState.PROPOSED);
    assertThat(h.journal.published.get(0).policy())
        .isEqualTo(new PolicyRef(null, PolicyMode.PROPOSE));
  }

  @Test
  void anObservedNamespaceGetsRecordsOfWhatWouldHaveBeenDoneAndNoAction() {
    List<String> toRun =
        engine.onIncident(
            Fixtures.deviceFault("inc-r", 1, IncidentState.OPEN, List.of("a1"), "research"));

    assertThat(toRun).isEmpty();
    assertThat(h.journal.store().all())
        .allSatisfy(
            a -> {
              assertThat(a.state()).isEqualTo(ActionState.OBSERVED);
              assertThat(a.policy())
                  .isEqualTo(new PolicyRef("research-observe", PolicyMode.OBSERVE));
            });
    assertThat(h.notifier.notices.get(0).notes())
        .contains(
            "observed by policy rule research-observe: step 1 CORDON_NODE a1 is not proposed");
    assertThat(h.cluster.client.nodes().withName("a1").get().getSpec().getTaints()).isNullOrEmpty();
  }

  @Test
  void aChangedPolicyAppliesToTheNextIncidentAndARefusedOneKeepsIt() {
    assertThat(
            policy.offer(
                "rules: [{name: broken, match: 'node.', mode: AUTO}]", "test", h.clock.instant()))
        .hasValueSatisfying(r -> assertThat(r.rule()).isEqualTo("broken"));
    assertThat(policy.policy().rules()).hasSize(2);

    policy.offer(
        "rules: [{name: all-observe, match: 'true', mode: OBSERVE}]", "test", h.clock.instant());
    engine.onIncident(Fixtures.deviceFault("inc-x", 1, IncidentState.OPEN, List.of("a1")));

    assertThat(h.journal.published.get(0).policy())
        .isEqualTo(new PolicyRef("all-observe", PolicyMode.OBSERVE));
  }

  @Test
  void tenFaultsTogetherOnTheAutoPoolStopAtTheBlastRadius() {
    List<String> approved = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      h.cluster.gpuNode("auto-" + i, "a");
    }
    for (int i = 1; i <= 10; i++) {
      approved.addAll(
          engine.onIncident(
              Fixtures.deviceFault("inc-" + i, 1, IncidentState.OPEN, List.of("auto-" + i))));
    }
    approved.forEach(h.executor::execute);

    // The rule approved all ten; the executor's blast radius (5 nodes) let five through.
    assertThat(approved).hasSize(10);
    assertThat(h.journal.store().all())
        .filteredOn(a -> a.type() == ActionType.CORDON_NODE)
        .extracting(RemediationAction::state, RemediationAction::reason)
        .containsOnly(
            tuple(
                ActionState.EXECUTED, io.strata.events.remediation.ActionOutcomeReason.UNSPECIFIED),
            tuple(
                ActionState.REFUSED,
                io.strata.events.remediation.ActionOutcomeReason.BLAST_RADIUS_LIMIT));
    assertThat(
            h.cluster.client.nodes().list().getItems().stream()
                .filter(n -> n.getSpec().getTaints() != null && !n.getSpec().getTaints().isEmpty()))
        .hasSize(5);
  }
}
