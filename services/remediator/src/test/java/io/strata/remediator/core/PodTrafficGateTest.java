package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.plan.MechanismCheck;
import io.strata.remediator.core.plan.TargetCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** PAUSE_NEW_BATCHES on one pod: its readiness-gate condition, through pods/status. */
class PodTrafficGateTest {

  private static final TargetRef POD = TargetGateway.pod("ml", "llm-0");
  private static final String READY = "{\"type\":\"Ready\",\"status\":\"True\"}";
  private static final String SERVING = "{\"type\":\"strata.io/serving\",\"status\":\"True\"}";
  private static final String OUT =
      "{\"type\":\"strata.io/serving\",\"status\":\"False\",\"reason\":\"StrataOutOfTraffic\","
          + "\"message\":\"taken out of service traffic by Strata\"}";

  private final MechanismHarness h = new MechanismHarness();

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void theGateConditionGoesFalseAndTheUndoPutsBackExactlyTheOneThatWasThere() throws Exception {
    pod(true, "[" + READY + "," + SERVING + "]");
    h.cluster.drainRequests();

    String id = h.run(ActionType.PAUSE_NEW_BATCHES, POD);

    assertThat(h.cluster.patchesTo("/api/v1/namespaces/ml/pods/llm-0/status")).isEqualTo(1);
    assertThat(h.patchOf(id))
        .isEqualTo("{\"status\":{\"conditions\":[" + READY + "," + OUT + "]}}");
    assertThat(h.inverseOf(id))
        .isEqualTo("{\"status\":{\"conditions\":[" + READY + "," + SERVING + "]}}");
    assertThat(h.latest(id).message()).isEqualTo("applied");
    assertThat(h.get(POD).at("/status/conditions/1/status").asText()).isEqualTo("False");
    assertThat(h.get(POD).at("/spec/nodeName").asText()).isEqualTo("gpu-1");

    String undo = h.undo(id);

    assertThat(h.patchOf(undo))
        .isEqualTo("{\"status\":{\"conditions\":[" + READY + "," + SERVING + "]}}");
    assertThat(h.get(POD).at("/status/conditions").toString())
        .isEqualTo("[" + READY + "," + SERVING + "]");
    assertThat(h.latest(id).state()).isEqualTo(ActionState.REVERTED);
  }

  @Test
  void aPodWithoutTheGateIsNotProposedAndNeverPatched() throws Exception {
    pod(false, "[" + READY + "]");

    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.PAUSE_NEW_BATCHES, POD))
        .isEqualTo(TargetCheck.Choice.none("declares no readiness gate strata.io/serving"));
  }

  @Test
  void whenSomeoneElseChangedTheConditionTheUndoLeavesIt() throws Exception {
    pod(true, "[" + READY + "," + SERVING + "]");
    String id = h.run(ActionType.PAUSE_NEW_BATCHES, POD);
    // The workload's own controller re-admits the pod before Strata's undo.
    h.gateway.mergePatchStatus(
        POD, "{\"status\":{\"conditions\":[" + READY + "," + SERVING + "]}}", null);

    Decision undo =
        h.approvals.undo(id, "alice", io.strata.events.remediation.ApprovalChannel.REST);
    String undoId = undo.action().orElseThrow().actionId();
    h.executor.execute(undoId);

    assertThat(h.latest(undoId).state()).isEqualTo(ActionState.REFUSED);
    assertThat(h.latest(undoId).reason()).isEqualTo(ActionOutcomeReason.CHANGED_BY_OTHERS);
    assertThat(h.latest(id).state()).isEqualTo(ActionState.EXECUTED);
  }

  @Test
  void aPodThatNoLongerExistsFailsWithTargetNotFound() {
    String id = h.run(ActionType.PAUSE_NEW_BATCHES, TargetGateway.pod("ml", "gone"));

    assertThat(h.latest(id).state()).isEqualTo(ActionState.FAILED);
    assertThat(h.latest(id).reason()).isEqualTo(ActionOutcomeReason.TARGET_NOT_FOUND);
  }

  @Test
  void theGatewayTellsWhereAPodRuns() throws TargetException {
    pod(true, "[]");

    assertThat(h.gateway.podNode("ml", "llm-0")).contains("gpu-1");
    assertThat(h.gateway.podNode("ml", "absent")).isEmpty();
    assertThat(h.gateway.podNode("other", "llm-0")).isEmpty();
  }

  private void pod(boolean gate, String conditions) {
    h.create(
        "pods",
        "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"llm-0\","
            + "\"namespace\":\"ml\"},\"spec\":{\"nodeName\":\"gpu-1\""
            + (gate ? ",\"readinessGates\":[{\"conditionType\":\"strata.io/serving\"}]" : "")
            + "},\"status\":{\"conditions\":"
            + conditions
            + "}}");
  }
}
