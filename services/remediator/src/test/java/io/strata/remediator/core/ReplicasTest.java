package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.mechanisms.Kinds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** LOWER_CONCURRENCY of a Deployment: replicas down a bounded step, restored exactly. */
class ReplicasTest {

  private static final TargetRef DEPLOY = Kinds.DEPLOYMENT.ref("ml", "embedder");

  private final MechanismHarness h = new MechanismHarness();

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void replicasGoDownOneStepAndTheUndoRestoresTheExactCount() throws Exception {
    deployment(4);

    String id = h.run(ActionType.LOWER_CONCURRENCY, DEPLOY);

    assertThat(h.patchOf(id)).isEqualTo("{\"spec\":{\"replicas\":3}}");
    assertThat(h.inverseOf(id)).isEqualTo("{\"spec\":{\"replicas\":4}}");
    String undo = h.undo(id);
    assertThat(h.patchOf(undo)).isEqualTo("{\"spec\":{\"replicas\":4}}");
    assertThat(h.get(DEPLOY).at("/spec/replicas").asInt()).isEqualTo(4);
  }

  @Test
  void someoneChangedReplicasMeanwhileAndTheUndoIsRefused() throws Exception {
    deployment(4);
    String id = h.run(ActionType.LOWER_CONCURRENCY, DEPLOY);
    h.edit(
        DEPLOY,
        d -> {
          ((ObjectNode) d.path("spec")).put("replicas", 6);
          return d;
        });

    String undoId =
        h.approvals.undo(id, "alice", ApprovalChannel.REST).action().orElseThrow().actionId();
    h.executor.execute(undoId);

    assertThat(h.latest(undoId).state()).isEqualTo(ActionState.REFUSED);
    assertThat(h.latest(undoId).reason()).isEqualTo(ActionOutcomeReason.CHANGED_BY_OTHERS);
    assertThat(h.latest(undoId).message()).contains("spec.replicas=6");
    assertThat(h.get(DEPLOY).at("/spec/replicas").asInt()).isEqualTo(6);
  }

  @Test
  void aSingleReplicaIsNotScaledDown() throws Exception {
    deployment(1);

    assertThat(
            new MechanismCheck(h.gateway, h.patches).choose(ActionType.LOWER_CONCURRENCY, DEPLOY))
        .isEqualTo(
            TargetCheck.Choice.none("runs 1 replica; scaling it down would stop the service"));
  }

  private void deployment(int replicas) {
    h.create(
        "deployments",
        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"embedder\","
            + "\"namespace\":\"ml\"},\"spec\":{\"replicas\":"
            + replicas
            + "}}");
  }
}
