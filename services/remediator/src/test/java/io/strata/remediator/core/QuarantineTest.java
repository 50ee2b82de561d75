package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.plan.MechanismCheck;
import io.strata.remediator.core.plan.TargetCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** CORDON_NODE as Strata's own NoSchedule taint; the undo removes that taint and nothing else. */
class QuarantineTest {

  private static final TargetRef NODE = TargetGateway.node("gpu-1");
  private static final String OTHER_TAINT =
      "{\"key\":\"nvidia.com/gpu\",\"effect\":\"NoSchedule\"}";
  private static final String QUARANTINE =
      "{\"key\":\"strata.io/quarantine\",\"effect\":\"NoSchedule\"}";

  private final MechanismHarness h = new MechanismHarness();

  @AfterEach
  void stop() {
    h.close();
  }

  @Test
  void theTaintIsAddedBesideTheNodesOwnAndTheUndoRestoresThem() throws Exception {
    node("\"taints\":[" + OTHER_TAINT + "]");

    String id = h.run(ActionType.CORDON_NODE, NODE);

    assertThat(h.patchOf(id))
        .isEqualTo("{\"spec\":{\"taints\":[" + OTHER_TAINT + "," + QUARANTINE + "]}}");
    assertThat(h.inverseOf(id)).isEqualTo("{\"spec\":{\"taints\":[" + OTHER_TAINT + "]}}");
    assertThat(h.get(NODE).at("/spec/unschedulable").isMissingNode()).isTrue();
    assertThat(h.get(NODE).at("/spec/taints").toString())
        .isEqualTo("[" + OTHER_TAINT + "," + QUARANTINE + "]");

    String undo = h.undo(id);

    assertThat(h.patchOf(undo)).isEqualTo("{\"spec\":{\"taints\":[" + OTHER_TAINT + "]}}");
    assertThat(h.get(NODE).at("/spec/taints").toString()).isEqualTo("[" + OTHER_TAINT + "]");
    assertThat(h.latest(id).state()).isEqualTo(ActionState.REVERTED);
  }

  @Test
  void someoneElseCordonedItMeanwhileAndTheUndoLeavesTheirCordon() throws Exception {
    node("");
    String id = h.run(ActionType.CORDON_NODE, NODE);
    assertThat(h.patchOf(id)).isEqualTo("{\"spec\":{\"taints\":[" + QUARANTINE + "]}}");

    // A person (or NVSentinel) cordons the node and adds a taint of their own after Strata did.
    String theirs = "{\"key\":\"maintenance\",\"value\":\"TICKET-42\",\"effect\":\"NoSchedule\"}";
    h.edit(
        NODE,
        n -> {
          ObjectNode spec = (ObjectNode) n.path("spec");
          spec.put("unschedulable", true);
          spec.withArray("taints").add(KubeJson.parseObject(theirs));
          return n;
        });

    String undo = h.undo(id);

    assertThat(h.patchOf(undo)).isEqualTo("{\"spec\":{\"taints\":[" + theirs + "]}}");
    assertThat(h.get(NODE).at("/spec/unschedulable").asBoolean()).isTrue();
    assertThat(h.get(NODE).at("/spec/taints").toString()).isEqualTo("[" + theirs + "]");
  }

  @Test
  void aQuarantinedNodeCountsAsUnschedulableInTheCensus() throws Exception {
    node("");
    h.run(ActionType.CORDON_NODE, NODE);

    assertThat(h.gateway.gpuNodes())
        .isEqualTo(
            new TargetGateway.NodeCensus(
                java.util.Set.of("gpu-1"), java.util.Set.of("gpu-1"), java.util.Map.of()));
  }

  @Test
  void anAlreadyQuarantinedNodeIsNotProposedAgain() throws Exception {
    node("\"taints\":[" + QUARANTINE + "]");

    assertThat(new MechanismCheck(h.gateway, h.patches).choose(ActionType.CORDON_NODE, NODE))
        .isEqualTo(TargetCheck.Choice.none("already carries the strata.io/quarantine taint"));
  }

  private void node(String spec) {
    h.create(
        "nodes",
        "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"gpu-1\","
            + "\"labels\":{\"nvidia.com/gpu.present\":\"true\"}},\"spec\":{"
            + spec
            + "}}");
  }
}
