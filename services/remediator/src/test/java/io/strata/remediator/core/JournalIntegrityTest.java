package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.journal.signature.JournalVerification;
import io.strata.journal.signature.VerificationReason;
import io.strata.remediator.TestKeys;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.execute.ExecutionResult;
import io.strata.remediator.core.execute.IntegrityProblem;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.JournalTransitions;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The executor acts only on records this remediator signed, whose id the planner derives, and whose
 * patch it recomputes unchanged; everything else is never applied.
 */
class JournalIntegrityTest {

  private static final String TAINT =
      "{\"spec\":{\"taints\":[{\"key\":\"strata.io/quarantine\",\"effect\":\"NoSchedule\"}]}}";

  private final MechanismHarness h = new MechanismHarness();

  @AfterEach
  void close() {
    h.close();
  }

  @Test
  void aTagCoversEveryExecutedComponentAndNeedsTheKey() {
    RemediationAction action = proposal("inc-1", "gpu-1", TAINT);
    String tag = InMemoryJournal.SIGNER.tag(action);

    // ed25519=<key id>:<64 bytes in base64url, 86 characters>
    assertThat(tag).startsWith("ed25519=core-test:").hasSize("ed25519=core-test:".length() + 86);
    assertThat(InMemoryJournal.SIGNER.verify(action, tag))
        .isEqualTo(new JournalVerification(VerificationReason.VERIFIED, "core-test"));
    RemediationAction otherPatch = proposal("inc-1", "gpu-1", "{\"spec\":{\"taints\":null}}");
    assertThat(InMemoryJournal.SIGNER.verify(otherPatch, tag).reason())
        .isEqualTo(VerificationReason.BAD_SIGNATURE);
    assertThat(InMemoryJournal.SIGNER.verify(action, TestKeys.attacker("core-test").tag(action)))
        .isEqualTo(new JournalVerification(VerificationReason.BAD_SIGNATURE, "core-test"));
    assertThat(InMemoryJournal.SIGNER.verify(action, null).reason())
        .isEqualTo(VerificationReason.MISSING);
  }

  @Test
  void anUnsignedOrForeignSignedApprovalIsNeverExecuted() throws Exception {
    h.cluster.gpuNode("gpu-1", false);
    RemediationAction approved =
        Actions.decided(
            proposal("inc-1", "gpu-1", TAINT),
            ActionState.APPROVED,
            "mallory",
            ApprovalChannel.REST,
            Fixtures.T0);
    h.journal.store().apply(proposal("inc-1", "gpu-1", TAINT), null);
    h.journal.store().apply(approved, null);
    assertThat(h.executor.execute(approved.actionId())).isEqualTo(ExecutionResult.UNVERIFIED);
    assertThat(h.executor.verify(approved.actionId())).contains(IntegrityProblem.UNSIGNED);

    h.journal.store().apply(approved, TestKeys.attacker("core-test").tag(approved));
    assertThat(h.executor.execute(approved.actionId())).isEqualTo(ExecutionResult.UNVERIFIED);
    assertThat(h.executor.verify(approved.actionId())).contains(IntegrityProblem.BAD_TAG);

    assertThat(h.cluster.patchesTo("/api/v1/nodes/gpu-1")).isZero();
    assertThat(h.journal.published).isEmpty();
  }

  @Test
  void aSignedRecordWhoseIdThePlannerWouldNotDeriveIsNeverExecuted() throws Exception {
    h.cluster.gpuNode("gpu-2", false);
    RemediationAction forged =
        Actions.proposed(
            ActionIds.of("inc-1", 1, ActionType.CORDON_NODE, TargetGateway.node("gpu-1")),
            "inc-1",
            1,
            ActionType.CORDON_NODE,
            TargetGateway.node("gpu-2"),
            null,
            null,
            "retargeted",
            3,
            false,
            null,
            Fixtures.T0);
    h.journal.record(forged);
    h.approvals.approve(forged.actionId(), "alice", ApprovalChannel.REST);

    assertThat(h.executor.execute(forged.actionId())).isEqualTo(ExecutionResult.UNVERIFIED);
    assertThat(h.executor.verify(forged.actionId())).contains(IntegrityProblem.ID_MISMATCH);
    assertThat(h.cluster.patchesTo("/api/v1/nodes/gpu-2")).isZero();
  }

  @Test
  void anUndoOfAnOriginalWithAForgedRecordIsNeverExecuted() throws Exception {
    h.cluster.gpuNode("gpu-3", false);
    TargetRef node = TargetGateway.node("gpu-3");
    String id = h.run(ActionType.CORDON_NODE, node);
    RemediationAction executed = h.journal.store().latest(id).orElseThrow();
    // Someone replaces the original's record with one whose inverse would wipe the node's taints
    // and more; the journal of this process never signed it.
    h.journal
        .store()
        .apply(
            Actions.transition(
                Actions.executing(
                    executed, executed.patch(), "{\"metadata\":{\"labels\":null}}", 1, Fixtures.T0),
                ActionState.EXECUTED,
                ActionOutcomeReason.UNSPECIFIED,
                "forged",
                Fixtures.T0),
            null);
    Decision undo = h.approvals.undo(id, "alice", ApprovalChannel.REST);
    String undoId = undo.action().orElseThrow().actionId();
    h.cluster.drainRequests();

    assertThat(h.executor.execute(undoId)).isEqualTo(ExecutionResult.UNVERIFIED);
    assertThat(h.executor.verify(undoId)).contains(IntegrityProblem.ORIGINAL_UNVERIFIED);
    assertThat(h.cluster.patchesTo("/api/v1/nodes/gpu-3")).isZero();
  }

  @Test
  void aPatchThatChangedSinceTheApprovedProposalIsRefusedNotApplied() throws Exception {
    h.cluster.gpuNode("gpu-4", false);
    TargetRef node = TargetGateway.node("gpu-4");
    RemediationAction proposed = proposal("inc-4", "gpu-4", TAINT);
    h.journal.record(proposed);
    h.approvals.approve(proposed.actionId(), "alice", ApprovalChannel.REST);
    // After the approver saw the patch, someone taints the node: the patch to send is now another.
    h.edit(
        node,
        n -> {
          ((com.fasterxml.jackson.databind.node.ObjectNode) n.path("spec"))
              .putArray("taints")
              .addObject()
              .put("key", "maintenance")
              .put("effect", "NoSchedule");
          return n;
        });
    h.cluster.drainRequests();

    assertThat(h.executor.execute(proposed.actionId())).isEqualTo(ExecutionResult.FINISHED);

    RemediationAction last = h.journal.store().latest(proposed.actionId()).orElseThrow();
    assertThat(last.state()).isEqualTo(ActionState.REFUSED);
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.PATCH_CHANGED);
    assertThat(h.cluster.patchesTo("/api/v1/nodes/gpu-4")).isZero();
  }

  @Test
  void theRebuildDropsASignedReplayOutOfOrder() {
    RemediationAction proposed = proposal("inc-5", "gpu-5", TAINT);
    RemediationAction approved =
        Actions.decided(proposed, ActionState.APPROVED, "alice", ApprovalChannel.REST, Fixtures.T0);
    RemediationAction executed =
        Actions.transition(
            approved, ActionState.EXECUTED, ActionOutcomeReason.UNSPECIFIED, "ok", Fixtures.T0);

    assertThat(JournalTransitions.follows(Optional.empty(), proposed)).isTrue();
    assertThat(JournalTransitions.follows(Optional.empty(), approved)).isFalse();
    assertThat(JournalTransitions.follows(Optional.of(proposed), approved)).isTrue();
    assertThat(JournalTransitions.follows(Optional.of(approved), executed)).isTrue();
    assertThat(JournalTransitions.follows(Optional.of(executed), approved)).isFalse();
    assertThat(JournalTransitions.follows(Optional.of(executed), executed)).isTrue();
  }

  private static RemediationAction proposal(String incident, String node, String patch) {
    TargetRef target = TargetGateway.node(node);
    return Actions.proposed(
        ActionIds.of(incident, 1, ActionType.CORDON_NODE, target),
        incident,
        1,
        ActionType.CORDON_NODE,
        target,
        patch,
        null,
        "step 1",
        3,
        false,
        null,
        Fixtures.T0);
  }
}
