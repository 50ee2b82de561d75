package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.kube.FabricTargetGateway;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PAUSE_NEW_BATCHES on a single Pod through the real fabric8 client and the CRUD mock server. */
class PodPauseTest {

  private static final String PAUSE = "strata.io/pause-batches";

  private final MutableClock clock = new MutableClock(Fixtures.T0);
  private final InMemoryJournal journal = new InMemoryJournal();
  private MockCluster cluster;
  private FabricTargetGateway gateway;
  private ActionExecutor executor;
  private ApprovalService approvals;

  @BeforeEach
  void start() {
    cluster = new MockCluster();
    gateway = new FabricTargetGateway(cluster.client, "nvidia.com/gpu.present=true");
    executor =
        new ActionExecutor(
            journal,
            gateway,
            new PatchFactory(Fixtures.patchSettings()),
            new ExecutionGuards(
                new GuardSettings(2, 30, Duration.ofHours(1), 3, Duration.ofMinutes(30)),
                new PauseSwitch(false)),
            clock);
    approvals = new ApprovalService(journal, clock);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void thePauseLandsOnThePodAndTheUndoRemovesOnlyIt() throws Exception {
    cluster.pod("ml", "llm-0", "gpu-1");
    RemediationAction pause = approvedPause("llm-0");
    cluster.drainRequests();

    assertThat(executor.execute(pause.actionId())).isEqualTo(ExecutionResult.FINISHED);

    assertThat(cluster.patchesTo("/api/v1/namespaces/ml/pods/llm-0")).isEqualTo(1);
    assertThat(pod("llm-0").getMetadata().getAnnotations())
        .containsEntry(PAUSE, "true")
        .containsEntry(Markers.ACTION_ID, pause.actionId());
    RemediationAction executing = journal.store().history(pause.actionId()).get(2);
    assertThat(executing.state()).isEqualTo(ActionState.EXECUTING);
    assertThat(executing.patch())
        .isEqualTo("{\"metadata\":{\"annotations\":{\"" + PAUSE + "\":\"true\"}}}");
    assertThat(executing.inversePatch())
        .isEqualTo("{\"metadata\":{\"annotations\":{\"" + PAUSE + "\":null}}}");
    assertThat(journal.store().latest(pause.actionId()).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);

    // Someone else annotates the pod while it is paused.
    cluster
        .client
        .pods()
        .inNamespace("ml")
        .withName("llm-0")
        .edit(p -> withAnnotation(p, "team", "ml"));
    Decision undo = approvals.undo(pause.actionId(), "alice", ApprovalChannel.REST);
    assertThat(undo.action().orElseThrow().type()).isEqualTo(ActionType.RESUME_BATCHES);
    String undoId = undo.action().orElseThrow().actionId();

    assertThat(executor.execute(undoId)).isEqualTo(ExecutionResult.FINISHED);

    Map<String, String> annotations = pod("llm-0").getMetadata().getAnnotations();
    // The mock server keeps a merge-patch null as a null value; the API server deletes the key.
    assertThat(annotations.get(PAUSE)).isNull();
    assertThat(annotations)
        .containsEntry("team", "ml")
        .containsEntry(Markers.ACTION_ID, undoId)
        .containsEntry(Markers.ACTION_HISTORY, pause.actionId() + " " + undoId);
    assertThat(journal.store().latest(undoId).orElseThrow().state())
        .isEqualTo(ActionState.EXECUTED);
    assertThat(journal.store().latest(pause.actionId()).orElseThrow().state())
        .isEqualTo(ActionState.REVERTED);
  }

  @Test
  void aPodThatNoLongerExistsFailsForGoodWithTargetNotFound() throws Exception {
    RemediationAction pause = approvedPause("llm-gone");
    cluster.drainRequests();

    assertThat(executor.execute(pause.actionId())).isEqualTo(ExecutionResult.FINISHED);
    assertThat(executor.execute(pause.actionId())).isEqualTo(ExecutionResult.NOTHING_TO_DO);

    RemediationAction failed = journal.store().latest(pause.actionId()).orElseThrow();
    assertThat(failed.state()).isEqualTo(ActionState.FAILED);
    assertThat(failed.reason()).isEqualTo(ActionOutcomeReason.TARGET_NOT_FOUND);
    assertThat(failed.message()).contains("Pod ml/llm-gone");
    assertThat(cluster.patchesTo("/api/v1/namespaces/ml/pods/")).isZero();
  }

  @Test
  void theGatewayTellsWhereAPodRuns() throws TargetException {
    cluster.pod("ml", "llm-1", "gpu-7");

    assertThat(gateway.podNode("ml", "llm-1")).contains("gpu-7");
    assertThat(gateway.podNode("ml", "absent")).isEmpty();
    assertThat(gateway.podNode("other", "llm-1")).isEmpty();
    assertThat(gateway.read(TargetGateway.pod("ml", "llm-1")))
        .hasValueSatisfying(o -> assertThat(o.at("spec", "nodeName").asText()).isEqualTo("gpu-7"));
  }

  private Pod pod(String name) {
    return cluster.client.pods().inNamespace("ml").withName(name).get();
  }

  private static Pod withAnnotation(Pod pod, String key, String value) {
    pod.getMetadata().getAnnotations().put(key, value);
    return pod;
  }

  private RemediationAction approvedPause(String podName) {
    TargetRef pod = TargetGateway.pod("ml", podName);
    String id = ActionIds.of("inc-1", 2, ActionType.PAUSE_NEW_BATCHES, pod);
    journal.record(
        Actions.proposed(
            id,
            "inc-1",
            2,
            ActionType.PAUSE_NEW_BATCHES,
            pod,
            null,
            null,
            "step 2",
            3,
            false,
            null,
            clock.instant()));
    Decision decision = approvals.approve(id, "alice", ApprovalChannel.SLACK);
    assertThat(decision.outcome()).isEqualTo(Decision.Outcome.APPROVED);
    return decision.action().orElseThrow();
  }
}
