package io.strata.remediator.core.journal;

import io.strata.events.Correlation;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import java.time.Instant;

/** Copies of a {@link RemediationAction} with some components changed (records are immutable). */
public final class Actions {

  private Actions() {}

  /** A new action in state PROPOSED. */
  public static RemediationAction proposed(
      String actionId,
      String incidentId,
      int step,
      ActionType type,
      TargetRef target,
      String patch,
      String inversePatch,
      String message,
      int maxAttempts,
      boolean dryRun,
      Correlation correlation,
      Instant now) {
    return new RemediationAction(
        actionId,
        incidentId,
        step,
        type,
        ActionState.PROPOSED,
        target,
        patch,
        inversePatch,
        ActionOutcomeReason.UNSPECIFIED,
        message,
        null,
        ApprovalChannel.UNSPECIFIED,
        null,
        0,
        maxAttempts,
        dryRun,
        correlation,
        now);
  }

  /**
   * The same action as planned for episode {@code episode} of its incident (a proposal is first
   * built for episode 1, then placed in the episode whose id it carries).
   */
  public static RemediationAction inEpisode(RemediationAction a, int episode) {
    return new RemediationAction(
        a.actionId(),
        a.incidentId(),
        a.step(),
        a.type(),
        a.state(),
        a.target(),
        a.patch(),
        a.inversePatch(),
        a.reason(),
        a.message(),
        a.approvedBy(),
        a.approvalChannel(),
        a.approvedAt(),
        a.attempt(),
        a.maxAttempts(),
        a.dryRun(),
        a.correlation(),
        a.updatedAt(),
        episode,
        a.policy());
  }

  /** The same action as decided by a policy rule (a proposal, before it is recorded). */
  public static RemediationAction withPolicy(RemediationAction a, PolicyRef policy) {
    return new RemediationAction(
        a.actionId(),
        a.incidentId(),
        a.step(),
        a.type(),
        a.state(),
        a.target(),
        a.patch(),
        a.inversePatch(),
        a.reason(),
        a.message(),
        a.approvedBy(),
        a.approvalChannel(),
        a.approvedAt(),
        a.attempt(),
        a.maxAttempts(),
        a.dryRun(),
        a.correlation(),
        a.updatedAt(),
        a.episode(),
        policy);
  }

  /** The same action in {@code state}, with a reason and a message. */
  public static RemediationAction transition(
      RemediationAction a,
      ActionState state,
      ActionOutcomeReason reason,
      String message,
      Instant now) {
    return new RemediationAction(
        a.actionId(),
        a.incidentId(),
        a.step(),
        a.type(),
        state,
        a.target(),
        a.patch(),
        a.inversePatch(),
        reason,
        message,
        a.approvedBy(),
        a.approvalChannel(),
        a.approvedAt(),
        a.attempt(),
        a.maxAttempts(),
        a.dryRun(),
        a.correlation(),
        now,
        a.episode(),
        a.policy());
  }

  /** The same action approved (or rejected) by {@code principal}. */
  public static RemediationAction decided(
      RemediationAction a,
      ActionState state,
      String principal,
      ApprovalChannel channel,
      Instant now) {
    return new RemediationAction(
        a.actionId(),
        a.incidentId(),
        a.step(),
        a.type(),
        state,
        a.target(),
        a.patch(),
        a.inversePatch(),
        ActionOutcomeReason.UNSPECIFIED,
        state == ActionState.APPROVED ? "approved by " + principal : "rejected by " + principal,
        principal,
        channel,
        now,
        a.attempt(),
        a.maxAttempts(),
        a.dryRun(),
        a.correlation(),
        now,
        a.episode(),
        a.policy());
  }

  /** The same action entering attempt {@code attempt} with the exact patch and its inverse. */
  public static RemediationAction executing(
      RemediationAction a, String patch, String inversePatch, int attempt, Instant now) {
    return new RemediationAction(
        a.actionId(),
        a.incidentId(),
        a.step(),
        a.type(),
        ActionState.EXECUTING,
        a.target(),
        patch,
        inversePatch,
        ActionOutcomeReason.UNSPECIFIED,
        "attempt " + attempt + " of " + a.maxAttempts(),
        a.approvedBy(),
        a.approvalChannel(),
        a.approvedAt(),
        attempt,
        a.maxAttempts(),
        a.dryRun(),
        a.correlation(),
        now,
        a.episode(),
        a.policy());
  }

  /**
   * Who decided the action, for people: the approver, or {@code policy rule <name> (AUTO)} for an
   * action a rule approved on its own; null while nobody has.
   */
  public static String decidedBy(RemediationAction a) {
    if (a.approvalChannel() == ApprovalChannel.POLICY
        && a.policy() != null
        && a.policy().mode() == PolicyMode.AUTO
        && a.policy().rule() != null) {
      return "policy rule " + a.policy().rule() + " (AUTO)";
    }
    return a.approvedBy();
  }

  /** A short human label: {@code CORDON_NODE Node gpu-node-1}. */
  public static String label(RemediationAction a) {
    TargetRef t = a.target();
    String where = t == null ? "" : " " + t.kind() + " " + targetKey(t);
    return a.type() + where;
  }

  /** {@code namespace/name}, or {@code name} for cluster-scoped objects. */
  public static String targetKey(TargetRef t) {
    return t.namespace() == null ? t.name() : t.namespace() + "/" + t.name();
  }
}
