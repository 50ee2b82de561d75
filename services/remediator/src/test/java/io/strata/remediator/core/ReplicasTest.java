package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.plan.MechanismCheck;
import io.strata.remediator.core.plan.TargetCheck;
import io.strata.remediator.kube.CustomKinds;
import io.strata.remediator.mechanisms.Kinds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Replicas moved by a bounded step (LOWER_CONCURRENCY down, SCALE_OUT up), restored exactly. */
class ReplicasTest {

  private static final TargetRef DEPLOY = Kinds.DEPLOYMENT.ref("ml", "embedder");

  private MechanismHarness h = new MechanismHarness();

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
    assertThat(h.latest(undoId).message())
        .isEqualTo("changed since Strata set it, left as it is: spec.replicas=6");
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

  @Test
  void statefulSetsAndLeaderWorkerSetsStepDownAndScaleOutTheSameWay() throws Exception {
    TargetRef sts = Kinds.STATEFUL_SET.ref("ml", "vector-db");
    TargetRef lws = Kinds.LEADER_WORKER_SET.ref("ml", "big-llm");
    h.create("statefulsets", replicated("apps/v1", "StatefulSet", "vector-db", 3));
    h.create(
        "leaderworkersets",
        replicated("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet", "big-llm", 2));

    String down = h.run(ActionType.LOWER_CONCURRENCY, sts);
    String up = h.run(ActionType.SCALE_OUT, lws);

    assertThat(h.patchOf(down)).isEqualTo("{\"spec\":{\"replicas\":2}}");
    assertThat(h.patchOf(up)).isEqualTo("{\"spec\":{\"replicas\":3}}");
    h.undo(down);
    h.undo(up);
    assertThat(h.get(sts).at("/spec/replicas").asInt()).isEqualTo(3);
    assertThat(h.get(lws).at("/spec/replicas").asInt()).isEqualTo(2);
  }

  @Test
  void aLeaderWorkerSetIsAddressedAtV1WhereServedAndNotProposedWhereNot() throws Exception {
    TargetRef lws = Kinds.LEADER_WORKER_SET.ref("ml", "big-llm");
    h.create(
        "leaderworkersets",
        replicated("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet", "big-llm", 2));
    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.SCALE_OUT, lws))
        .isEqualTo(
            TargetCheck.Choice.of(
                new TargetRef("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet", "ml", "big-llm")));

    h.close();
    h = new MechanismHarness(CustomKinds.servedWithout("leaderworkerset.x-k8s.io"));
    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.SCALE_OUT, lws))
        .isEqualTo(
            TargetCheck.Choice.none(
                "NOT_SERVED: the API server serves no version of leaderworkerset.x-k8s.io"
                    + " LeaderWorkerSet (Strata addresses it at v1)"));
  }

  private static String replicated(String apiVersion, String kind, String name, int replicas) {
    return "{\"apiVersion\":\""
        + apiVersion
        + "\",\"kind\":\""
        + kind
        + "\",\"metadata\":{\"name\":\""
        + name
        + "\",\"namespace\":\"ml\"},\"spec\":{\"replicas\":"
        + replicas
        + "}}";
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
