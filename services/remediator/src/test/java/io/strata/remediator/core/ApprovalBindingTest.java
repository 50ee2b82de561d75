package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.JournalTags;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.ClassPlans;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An approval counts only for the patch shown, within the TTL, and never after a timeout lie. */
class ApprovalBindingTest {

  private static final String PATCH = "{\"spec\":{\"taints\":[{\"key\":\"k\"}]}}";

  private final MutableClock clock = new MutableClock(Fixtures.T0);
  private final InMemoryJournal journal = new InMemoryJournal();
  private final ApprovalService approvals =
      new ApprovalService(journal, clock, Duration.ofMinutes(30));

  @Test
  void anApprovalNamingAnotherPatchIsRefusedAndTheActionStaysPending() {
    String id = propose("gpu-1");

    Decision wrong =
        approvals.approve(
            id, "alice", ApprovalChannel.REST, Optional.of(PatchHash.of("{\"other\":1}")));
    assertThat(wrong.outcome()).isEqualTo(Decision.Outcome.PATCH_CHANGED);
    assertThat(wrong.message())
        .isEqualTo(
            id
                + " now proposes a patch with sha256 "
                + PatchHash.of(PATCH)
                + ", not the one shown ("
                + PatchHash.of("{\"other\":1}")
                + ")");
    assertThat(journal.store().latest(id).orElseThrow().state()).isEqualTo(ActionState.PROPOSED);

    Decision right =
        approvals.approve(
            id, "alice", ApprovalChannel.REST, Optional.of(PatchHash.of(PATCH).toUpperCase()));
    assertThat(right.outcome()).isEqualTo(Decision.Outcome.APPROVED);
  }

  @Test
  void aProposalOlderThanTheTtlExpiresAndIsRecordedRefused() {
    String id = propose("gpu-2");
    clock.advance(Duration.ofMinutes(30).plusSeconds(1));

    Decision late = approvals.approve(id, "alice", ApprovalChannel.REST);

    assertThat(late.outcome()).isEqualTo(Decision.Outcome.EXPIRED);
    Instant proposedAt = journal.store().firstTime(id, ActionState.PROPOSED).orElseThrow();
    assertThat(late.message())
        .isEqualTo(id + " was proposed at " + proposedAt + " and expired after PT30M");
    RemediationAction last = journal.store().latest(id).orElseThrow();
    assertThat(last.state()).isEqualTo(ActionState.REFUSED);
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.APPROVAL_EXPIRED);
    assertThat(last.message())
        .isEqualTo("proposed at " + proposedAt + "; approvals expire after PT30M");
    assertThat(approvals.approve(id, "alice", ApprovalChannel.REST).outcome())
        .isEqualTo(Decision.Outcome.NOT_PENDING);
  }

  @Test
  void anApprovalWhoseWriteTimedOutIsReportedPendingNotFailed() {
    String id = propose("gpu-3");
    ActionJournal timingOut =
        new ActionJournal() {
          @Override
          public RemediationAction record(RemediationAction action) {
            throw new IllegalStateException("Timeout expired while waiting for the ack");
          }

          @Override
          public ActionStore store() {
            return journal.store();
          }

          @Override
          public JournalTags signer() {
            return InMemoryJournal.SIGNER;
          }
        };

    Decision decision =
        new ApprovalService(timingOut, clock, Duration.ZERO)
            .approve(id, "alice", ApprovalChannel.REST);

    assertThat(decision.outcome()).isEqualTo(Decision.Outcome.PENDING);
    assertThat(decision.message())
        .isEqualTo(
            "the approval of "
                + id
                + " may have been recorded (the broker did not confirm in time: Timeout expired"
                + " while waiting for the ack); it executes if it was. Check GET /api/actions/"
                + id);
  }

  @Test
  void anApprovalAfterTheIncidentResolvedNeverRecordsApprovedAfterRefused() {
    try (MechanismHarness h = new MechanismHarness()) {
      h.cluster.gpuNode("node-a", false);
      RemediationEngine engine =
          new RemediationEngine(
              h.journal,
              new ActionPlanner(new ClassPlans(java.util.Map.of())),
              h.gateway,
              h.patches,
              h.approvals,
              new RecordingNotifier(),
              review -> {},
              new EngineSettings(
                  3,
                  false,
                  java.util.Set.of(ActionType.CORDON_NODE),
                  UndoMode.PROPOSE,
                  Duration.ofMinutes(30),
                  DeadlinePolicy.ESCALATE),
              h.clock);
      engine.onIncident(
          Fixtures.deviceFault("inc-r", 1, IncidentState.OPEN, java.util.List.of("node-a")));
      String cordon =
          ActionIds.of("inc-r", 1, ActionType.CORDON_NODE, TargetGateway.node("node-a"));
      assertThat(h.journal.store().latest(cordon).orElseThrow().state())
          .isEqualTo(ActionState.PROPOSED);

      engine.onIncident(
          Fixtures.deviceFault("inc-r", 2, IncidentState.RESOLVED, java.util.List.of("node-a")));
      Decision decision = engine.approve(cordon, "alice", ApprovalChannel.REST, Optional.empty());

      assertThat(decision.outcome()).isEqualTo(Decision.Outcome.INCIDENT_RESOLVED);
      assertThat(h.journal.store().history(cordon))
          .extracting(RemediationAction::state)
          .containsExactly(ActionState.PROPOSED, ActionState.REFUSED);
    }
  }

  private String propose(String node) {
    TargetRef target = TargetGateway.node(node);
    String id = ActionIds.of("inc-b", 1, ActionType.CORDON_NODE, target);
    journal.record(
        Actions.proposed(
            id,
            "inc-b",
            1,
            ActionType.CORDON_NODE,
            target,
            PATCH,
            null,
            "step 1",
            3,
            false,
            null,
            clock.instant()));
    return id;
  }
}
