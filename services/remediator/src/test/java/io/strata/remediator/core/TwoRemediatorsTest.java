package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.execute.ExecutionResult;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.kube.FabricTargetGateway;
import io.strata.remediator.kube.Leadership;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two remediators at once, each competing for the same Lease on the fabric8 CRUD mock server: only
 * the holder executes, so each approved action is patched exactly once and the blast radius holds;
 * when the holder stops, the other takes over and executes what is left.
 */
class TwoRemediatorsTest {

  private static final Duration TAKEOVER = Duration.ofSeconds(20);

  private final MutableClock clock = new MutableClock(Fixtures.T0);
  private final InMemoryJournal journal = new InMemoryJournal();
  private final MockCluster cluster = new MockCluster();
  private final ApprovalService approvals = new ApprovalService(journal, clock);
  private final List<Leadership> electors = new ArrayList<>();

  @AfterEach
  void stop() {
    electors.forEach(Leadership::close);
    cluster.close();
  }

  @Test
  void twoAtOnceExecuteEachActionExactlyOnceWithinTheBlastRadius() throws Exception {
    for (int i = 0; i < 10; i++) {
      cluster.gpuNode("gpu-" + i, false);
    }
    Leadership a = elector("remediator-a");
    Leadership b = elector("remediator-b");
    await().atMost(TAKEOVER).until(() -> a.leading() || b.leading());
    assertThat(a.leading() && b.leading()).as("both lead").isFalse();
    ActionExecutor executorA = executor(a);
    ActionExecutor executorB = executor(b);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ids.add(approvedCordon("inc-" + i, "gpu-" + i));
    }
    cluster.drainRequests();

    Map<ExecutionResult, Integer> results = new EnumMap<>(ExecutionResult.class);
    for (String id : ids) {
      // Both resume every approved action (as after a Recreate or a revision rollout).
      results.merge(executorA.execute(id), 1, Integer::sum);
      results.merge(executorB.execute(id), 1, Integer::sum);
      results.merge(executorB.execute(id), 1, Integer::sum);
      results.merge(executorA.execute(id), 1, Integer::sum);
    }

    long patches = cluster.patchesTo("/api/v1/nodes/");
    Map<ActionState, Long> finals = finalStates(ids);
    System.out.printf(
        "two remediators: results %s, node patches %d, final states %s%n",
        results, patches, finals);
    assertThat(patches).isEqualTo(2);
    assertThat(finals)
        .containsEntry(ActionState.EXECUTED, 2L)
        .containsEntry(ActionState.REFUSED, 2L);
    assertThat(ids.subList(2, 4))
        .allMatch(
            id ->
                journal.store().latest(id).orElseThrow().reason()
                    == ActionOutcomeReason.BLAST_RADIUS_LIMIT);
    assertThat(results.get(ExecutionResult.STANDBY)).isEqualTo(8);
  }

  @Test
  void whenTheLeaderStopsTheOtherTakesOverAndExecutesWhatIsLeft() throws Exception {
    cluster.gpuNode("gpu-a", false);
    cluster.gpuNode("gpu-b", false);
    cluster.gpuNode("gpu-c", false);
    Leadership a = elector("remediator-a");
    await().atMost(TAKEOVER).until(a::leading);
    Leadership b = elector("remediator-b");
    ActionExecutor executorB = executor(b);
    String id = approvedCordon("inc-t", "gpu-a");
    assertThat(executorB.execute(id)).isEqualTo(ExecutionResult.STANDBY);

    a.close();
    await().atMost(TAKEOVER).until(b::leading);

    assertThat(executorB.execute(id)).isEqualTo(ExecutionResult.FINISHED);
    assertThat(executor(a).execute(id)).isEqualTo(ExecutionResult.STANDBY);
    assertThat(journal.store().latest(id).orElseThrow().state()).isEqualTo(ActionState.EXECUTED);
    assertThat(b.leader()).isEqualTo("remediator-b");
  }

  private Leadership elector(String identity) {
    KubernetesClient client = cluster.server.createClient();
    Leadership leadership = new Leadership(client, FollowingInstance.testLease(identity));
    leadership.start(
        new Leadership.Listener() {
          @Override
          public void startedLeading() {}

          @Override
          public void stoppedLeading() {}
        });
    electors.add(leadership);
    return leadership;
  }

  private ActionExecutor executor(Leadership leadership) {
    return new ActionExecutor(
        journal,
        new FabricTargetGateway(cluster.client, "nvidia.com/gpu.present=true"),
        new PatchFactory(Fixtures.patchSettings()),
        new ExecutionGuards(
            new GuardSettings(2, 100, Duration.ofHours(1), 3, Duration.ofMinutes(30)),
            new PauseSwitch(false)),
        clock,
        leadership::leading);
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

  private Map<ActionState, Long> finalStates(List<String> ids) {
    Map<ActionState, Long> counts = new EnumMap<>(ActionState.class);
    for (String id : ids) {
      counts.merge(
          journal.store().latest(id).map(RemediationAction::state).orElseThrow(), 1L, Long::sum);
    }
    return counts;
  }
}
