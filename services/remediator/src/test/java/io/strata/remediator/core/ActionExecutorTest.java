package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.execute.ExecutionResult;
import io.strata.remediator.core.execute.Markers;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseState;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.kube.FabricTargetGateway;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ActionExecutorTest {

  private final MutableClock clock = new MutableClock(Fixtures.T0);
  private final InMemoryJournal journal = new InMemoryJournal();
  private final PauseSwitch pause = new PauseSwitch(false);
  private MockCluster cluster;
  private ActionExecutor executor;
  private ApprovalService approvals;

  @BeforeEach
  void start() {
    cluster = new MockCluster();
    for (int i = 0; i < 10; i++) {
      cluster.gpuNode("gpu-" + i, false);
    }
    FabricTargetGateway gateway =
        new FabricTargetGateway(cluster.client, "nvidia.com/gpu.present=true");
    GuardSettings guards = new GuardSettings(2, 30, Duration.ofHours(1), 3, Duration.ofMinutes(30));
    executor =
        new ActionExecutor(
            journal,
            gateway,
            new PatchFactory(Fixtures.patchSettings()),
            new ExecutionGuards(guards, pause),
            clock);
    approvals = new ApprovalService(journal, clock);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void anApprovedCordonIsAppliedOnceWithItsMarkerAndRecordedInverse() throws Exception {
    RemediationAction action = approvedCordon("gpu-1");
    cluster.drainRequests();

    assertThat(executor.execute(action.actionId())).isEqualTo(ExecutionResult.FINISHED);
    assertThat(executor.execute(action.actionId())).isEqualTo(ExecutionResult.NOTHING_TO_DO);

    assertThat(cluster.patchesTo("/api/v1/nodes/gpu-1")).isEqualTo(1);
    Node node = cluster.client.nodes().withName("gpu-1").get();
    assertThat(node.getSpec().getUnschedulable()).isNull();
    assertThat(node.getSpec().getTaints())
        .extracting(t -> t.getKey() + ":" + t.getEffect())
        .containsExactly("strata.io/quarantine:NoSchedule");
    assertThat(node.getMetadata().getAnnotations())
        .containsEntry(Markers.ACTION_ID, action.actionId())
        .containsEntry(Markers.ACTION_HISTORY, action.actionId());
    assertThat(journal.published)
        .extracting(RemediationAction::state)
        .containsExactly(
            ActionState.PROPOSED,
            ActionState.APPROVED,
            ActionState.EXECUTING,
            ActionState.EXECUTED);
    RemediationAction executing = journal.published.get(2);
    assertThat(executing.patch())
        .isEqualTo(
            "{\"spec\":{\"taints\":[{\"key\":\"strata.io/quarantine\",\"effect\":\"NoSchedule\"}]}}");
    assertThat(executing.inversePatch()).isEqualTo("{\"spec\":{\"taints\":null}}");
    assertThat(executing.attempt()).isEqualTo(1);
    assertThat(journal.published.get(3).inversePatch()).isEqualTo(executing.inversePatch());
  }

  @Test
  void aPatchThatLandedBeforeACrashIsNotAppliedAgain() throws Exception {
    RemediationAction action = approvedCordon("gpu-2");
    executor.execute(action.actionId());
    // A previous instance crashed after patching, before recording EXECUTED: replay its journal
    // without the final record.
    InMemoryJournal replayed = new InMemoryJournal();
    journal.published.subList(0, 3).forEach(replayed::record);
    ActionExecutor restarted =
        new ActionExecutor(
            replayed,
            new FabricTargetGateway(cluster.client, "nvidia.com/gpu.present=true"),
            new PatchFactory(Fixtures.patchSettings()),
            new ExecutionGuards(
                new GuardSettings(2, 30, Duration.ofHours(1), 3, Duration.ofMinutes(30)), pause),
            clock);
    cluster.drainRequests();

    assertThat(restarted.execute(action.actionId())).isEqualTo(ExecutionResult.FINISHED);

    assertThat(cluster.patchesTo("/api/v1/nodes/gpu-2")).isZero();
    RemediationAction last = replayed.published.get(replayed.published.size() - 1);
    assertThat(last.state()).isEqualTo(ActionState.EXECUTED);
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.ALREADY_APPLIED);
    assertThat(last.inversePatch()).isEqualTo("{\"spec\":{\"taints\":null}}");
  }

  @Test
  void undoRestoresTheNodeAndMarksTheOriginalReverted() throws Exception {
    RemediationAction cordon = approvedCordon("gpu-3");
    executor.execute(cordon.actionId());

    Decision undo = approvals.undo(cordon.actionId(), "alice", ApprovalChannel.REST);
    assertThat(undo.outcome()).isEqualTo(Decision.Outcome.APPROVED);
    String undoId = undo.action().orElseThrow().actionId();
    assertThat(undo.action().orElseThrow().type()).isEqualTo(ActionType.UNCORDON_NODE);
    assertThat(undo.action().orElseThrow().patch()).isEqualTo("{\"spec\":{\"taints\":null}}");

    assertThat(executor.execute(undoId)).isEqualTo(ExecutionResult.FINISHED);

    Node node = cluster.client.nodes().withName("gpu-3").get();
    assertThat(node.getSpec().getUnschedulable()).isNull();
    assertThat(node.getSpec().getTaints()).isEmpty();
    assertThat(node.getMetadata().getAnnotations().get(Markers.ACTION_HISTORY))
        .isEqualTo(cordon.actionId() + " " + undoId);
    assertThat(journal.store().latest(undoId).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
    assertThat(journal.store().latest(cordon.actionId()).orElseThrow().state())
        .isEqualTo(ActionState.REVERTED);
    assertThat(approvals.undo(cordon.actionId(), "alice", ApprovalChannel.REST).outcome())
        .isEqualTo(Decision.Outcome.NOT_UNDOABLE);
  }

  @Test
  void aMissingTargetFailsPermanently() {
    RemediationAction action = approvedCordon("gpu-missing");

    assertThat(executor.execute(action.actionId())).isEqualTo(ExecutionResult.FINISHED);

    RemediationAction last = journal.store().latest(action.actionId()).orElseThrow();
    assertThat(last.state()).isEqualTo(ActionState.FAILED);
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.TARGET_NOT_FOUND);
  }

  @Test
  void theBlastRadiusRefusesTheThirdCordonInAWindowAndTouchesNothing() throws Exception {
    executor.execute(approvedCordon("gpu-4").actionId());
    executor.execute(approvedCordon("gpu-5").actionId());
    RemediationAction third = approvedCordon("gpu-6");
    cluster.drainRequests();

    executor.execute(third.actionId());

    RemediationAction last = journal.store().latest(third.actionId()).orElseThrow();
    assertThat(last.state()).isEqualTo(ActionState.REFUSED);
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.BLAST_RADIUS_LIMIT);
    assertThat(last.message())
        .isEqualTo(
            "NODES_IN_WINDOW: 2 node(s) already cordoned within PT1H (gpu-4, gpu-5); the limit is"
                + " 2");
    assertThat(cluster.patchesTo("/api/v1/nodes")).isZero();
    assertThat(cluster.client.nodes().withName("gpu-6").get().getSpec().getUnschedulable())
        .isNull();

    clock.advance(Duration.ofMinutes(61));
    RemediationAction later = approvedCordon("gpu-7");
    executor.execute(later.actionId());
    assertThat(journal.store().latest(later.actionId()).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
  }

  @Test
  void thePercentOfUnschedulableGpuNodesIsCapped() {
    cluster
        .client
        .nodes()
        .withName("gpu-8")
        .edit(
            n -> {
              n.getSpec().setUnschedulable(true);
              return n;
            });
    cluster
        .client
        .nodes()
        .withName("gpu-9")
        .edit(
            n -> {
              n.getSpec().setUnschedulable(true);
              return n;
            });
    executor.execute(approvedCordon("gpu-0").actionId());
    RemediationAction fourth = approvedCordon("gpu-1");
    clock.advance(Duration.ofHours(2));

    executor.execute(fourth.actionId());

    RemediationAction last = journal.store().latest(fourth.actionId()).orElseThrow();
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.BLAST_RADIUS_LIMIT);
    assertThat(last.message())
        .isEqualTo(
            "NODE_SHARE: cordoning would leave 4 of 10 GPU nodes out of service (cordoned,"
                + " quarantined, NotReady or tainted); the limit is 30%");
  }

  @Test
  void pauseAndDryRunRefuseWithTheirReasons() {
    pause.set(new PauseState(true, "alice", Fixtures.T0));
    RemediationAction paused = approvedCordon("gpu-1");
    executor.execute(paused.actionId());
    RemediationAction refused = journal.store().latest(paused.actionId()).orElseThrow();
    assertThat(refused.reason()).isEqualTo(ActionOutcomeReason.GLOBAL_PAUSE);
    assertThat(refused.message())
        .isEqualTo("the global pause switch is on (set by alice at 2026-11-30T10:00:00Z)");

    pause.set(new PauseState(false, "alice", Fixtures.T0));
    RemediationAction dry =
        journal.record(
            Actions.proposed(
                ActionIds.of("inc-1", 1, ActionType.CORDON_NODE, TargetGateway.node("gpu-2")),
                "inc-1",
                1,
                ActionType.CORDON_NODE,
                TargetGateway.node("gpu-2"),
                "{\"spec\":{\"unschedulable\":true}}",
                null,
                "dry",
                3,
                true,
                null,
                clock.instant()));
    approvals.approve(dry.actionId(), "alice", ApprovalChannel.REST);
    executor.execute(dry.actionId());
    RemediationAction last = journal.store().latest(dry.actionId()).orElseThrow();
    assertThat(last.state()).isEqualTo(ActionState.REFUSED);
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.DRY_RUN);
    assertThat(cluster.client.nodes().withName("gpu-2").get().getSpec().getUnschedulable())
        .isNull();
  }

  @Test
  void theRateLimitCountsActionsPerTarget() {
    ExecutionGuards strict =
        new ExecutionGuards(
            new GuardSettings(10, 100, Duration.ofHours(1), 1, Duration.ofMinutes(30)), pause);
    ActionExecutor limited =
        new ActionExecutor(
            journal,
            new FabricTargetGateway(cluster.client, "nvidia.com/gpu.present=true"),
            new PatchFactory(Fixtures.patchSettings()),
            strict,
            clock);
    limited.execute(approvedCordon("gpu-1").actionId());
    RemediationAction again =
        journal.record(
            Actions.proposed(
                ActionIds.of("inc-2", 1, ActionType.CORDON_NODE, TargetGateway.node("gpu-1")),
                "inc-2",
                1,
                ActionType.CORDON_NODE,
                TargetGateway.node("gpu-1"),
                null,
                null,
                "again",
                3,
                false,
                null,
                clock.instant()));
    approvals.approve(again.actionId(), "bob", ApprovalChannel.SLACK);

    limited.execute(again.actionId());

    assertThat(journal.store().latest(again.actionId()).orElseThrow().reason())
        .isEqualTo(ActionOutcomeReason.RATE_LIMITED);
  }

  @Test
  void aRejectedOrSecondDecisionChangesNothing() {
    RemediationAction action =
        journal.record(
            Actions.proposed(
                "act-r",
                "inc-1",
                1,
                ActionType.CORDON_NODE,
                TargetGateway.node("gpu-1"),
                null,
                null,
                "r",
                3,
                false,
                null,
                clock.instant()));

    assertThat(approvals.reject(action.actionId(), "bob", ApprovalChannel.SLACK).outcome())
        .isEqualTo(Decision.Outcome.REJECTED);
    assertThat(approvals.approve(action.actionId(), "alice", ApprovalChannel.REST).outcome())
        .isEqualTo(Decision.Outcome.NOT_PENDING);
    assertThat(executor.execute(action.actionId())).isEqualTo(ExecutionResult.NOTHING_TO_DO);
    assertThat(approvals.approve("act-none", "alice", ApprovalChannel.REST).outcome())
        .isEqualTo(Decision.Outcome.UNKNOWN_ACTION);
  }

  private RemediationAction approvedCordon(String node) {
    String id = ActionIds.of("inc-1", 1, ActionType.CORDON_NODE, TargetGateway.node(node));
    journal.record(
        Actions.proposed(
            id,
            "inc-1",
            1,
            ActionType.CORDON_NODE,
            TargetGateway.node(node),
            null,
            null,
            "step 1",
            3,
            false,
            null,
            clock.instant()));
    Decision decision = approvals.approve(id, "alice", ApprovalChannel.SLACK);
    assertThat(decision.outcome()).isEqualTo(Decision.Outcome.APPROVED);
    return decision.action().orElseThrow();
  }
}
