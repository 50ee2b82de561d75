package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.kube.FabricTargetGateway;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The blast radius counts distinct nodes and every node already out of service. */
class BlastRadiusTest {

  private final MutableClock clock = new MutableClock(Fixtures.T0);
  private final InMemoryJournal journal = new InMemoryJournal();
  private final MockCluster cluster = new MockCluster();
  private final ApprovalService approvals = new ApprovalService(journal, clock);

  @AfterEach
  void stop() {
    cluster.close();
  }

  /** bin/strata demo: one fault, two incidents, two cordons of the same node. */
  @Test
  void aSecondIncidentsCordonOfTheSameNodeIsNotASecondNode() {
    for (int i = 0; i < 10; i++) {
      cluster.gpuNode("gpu-" + i, false);
    }
    ActionExecutor executor = executor(1, 50);
    String first = approvedCordon("inc-xid", "gpu-1");
    String second = approvedCordon("inc-latency", "gpu-1");
    String other = approvedCordon("inc-other", "gpu-2");

    executor.execute(first);
    executor.execute(second);
    executor.execute(other);

    assertThat(journal.store().latest(first).orElseThrow().state()).isEqualTo(ActionState.EXECUTED);
    assertThat(journal.store().latest(second).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
    RemediationAction refused = journal.store().latest(other).orElseThrow();
    assertThat(refused.reason()).isEqualTo(ActionOutcomeReason.BLAST_RADIUS_LIMIT);
    assertThat(refused.message())
        .isEqualTo(
            "NODES_IN_WINDOW: 1 node(s) already cordoned within PT1H (gpu-1); the limit is 1");
  }

  @Test
  void nodesAlreadyNotReadyOrCordonedCountTowardsTheShare() {
    cluster.gpuNode("gpu-0", true);
    cluster.gpuNode("gpu-1", false);
    cluster.gpuNode("gpu-2", false);
    cluster.gpuNode("gpu-3", false);
    cluster
        .client
        .nodes()
        .withName("gpu-1")
        .edit(
            n -> {
              n.getSpec()
                  .getTaints()
                  .add(
                      new io.fabric8.kubernetes.api.model.Taint(
                          "NoSchedule", "node.kubernetes.io/not-ready", null, null));
              return n;
            });
    ActionExecutor executor = executor(5, 50);
    String cordon = approvedCordon("inc-share", "gpu-2");

    executor.execute(cordon);

    RemediationAction refused = journal.store().latest(cordon).orElseThrow();
    assertThat(refused.reason()).isEqualTo(ActionOutcomeReason.BLAST_RADIUS_LIMIT);
    assertThat(refused.message())
        .isEqualTo(
            "NODE_SHARE: cordoning would leave 3 of 4 GPU nodes out of service (cordoned,"
                + " quarantined, NotReady or tainted); the limit is 50%");
  }

  private ActionExecutor executor(int maxNodes, int maxPercent) {
    return new ActionExecutor(
        journal,
        new FabricTargetGateway(cluster.client, "nvidia.com/gpu.present=true"),
        new PatchFactory(Fixtures.patchSettings()),
        new ExecutionGuards(
            new GuardSettings(maxNodes, maxPercent, Duration.ofHours(1), 3, Duration.ofMinutes(30)),
            new PauseSwitch(false)),
        clock);
  }

  private String approvedCordon(String incident, String node) {
    TargetRef target = TargetGateway.node(node);
    String id = ActionIds.of(incident, 1, ActionType.CORDON_NODE, target);
    journal.record(
        Actions.proposed(
            id,
            incident,
            1,
            ActionType.CORDON_NODE,
            target,
            null,
            null,
            "step 1",
            3,
            false,
            null,
            clock.instant()));
    approvals.approve(id, "alice", ApprovalChannel.REST);
    return id;
  }
}
