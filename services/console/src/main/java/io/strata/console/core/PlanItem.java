package io.strata.console.core;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.PolicyRef;
import io.strata.events.remediation.RemediationAction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One action of the incident's plan as the page shows it: target, the exact patch (as text and as a
 * diff) with its {@link PatchHash} (an approval from the page carries it, so the remediator can
 * refuse it when the patch changed since), the guards, whether it still waits for a decision, and
 * the policy rule and mode that decided it (null in records written before policies existed).
 */
public record PlanItem(
    String actionId,
    int step,
    ActionType type,
    ActionState state,
    String target,
    String patch,
    String patchSha256,
    String inversePatch,
    List<String> diff,
    List<Guard> guards,
    String approvedBy,
    ApprovalChannel approvalChannel,
    Instant approvedAt,
    ActionOutcomeReason reason,
    String message,
    boolean dryRun,
    boolean pending,
    Instant updatedAt,
    int episode,
    PolicyRef policy) {

  /**
   * One guard the remediator applies before executing.
   *
   * @param status PASSED, FAILED, WOULD_FAIL (a pending action that the current state would
   *     refuse), PENDING (checked at execution) or OFF
   */
  public record Guard(String name, String status, String detail) {}

  static PlanItem of(RemediationAction action, Boolean paused) {
    return new PlanItem(
        action.actionId(),
        action.step(),
        action.type(),
        action.state(),
        Texts.target(action.target()),
        action.patch(),
        PatchHash.of(action.patch()),
        action.inversePatch(),
        PatchDiff.text(PatchDiff.of(action.patch(), action.inversePatch())),
        guards(action, paused),
        action.approvedBy(),
        action.approvalChannel(),
        action.approvedAt(),
        action.reason(),
        action.message(),
        action.dryRun(),
        action.state() == ActionState.PROPOSED,
        action.updatedAt(),
        action.episode(),
        action.policy());
  }

  private static List<Guard> guards(RemediationAction action, Boolean paused) {
    boolean executed =
        action.state() == ActionState.EXECUTED || action.state() == ActionState.REVERTED;
    List<Guard> guards = new ArrayList<>();
    guards.add(limit("blast radius", action, ActionOutcomeReason.BLAST_RADIUS_LIMIT, executed));
    guards.add(limit("rate limit", action, ActionOutcomeReason.RATE_LIMITED, executed));
    if (action.reason() == ActionOutcomeReason.GLOBAL_PAUSE) {
      guards.add(new Guard("pause", "FAILED", action.message()));
    } else if (Boolean.TRUE.equals(paused) && !executed) {
      guards.add(new Guard("pause", "WOULD_FAIL", "the global pause switch is on"));
    } else if (executed) {
      guards.add(new Guard("pause", "PASSED", "not paused when it ran"));
    } else {
      guards.add(
          new Guard(
              "pause", paused == null ? "PENDING" : "PASSED", paused == null ? "unknown" : "off"));
    }
    guards.add(
        action.dryRun()
            ? new Guard("dry-run", "ON", "recorded, not executed (shadow mode)")
            : new Guard("dry-run", "OFF", "executes for real once approved"));
    return guards;
  }

  private static Guard limit(
      String name, RemediationAction action, ActionOutcomeReason refusal, boolean executed) {
    if (action.reason() == refusal) {
      return new Guard(name, "FAILED", action.message());
    }
    return executed
        ? new Guard(name, "PASSED", "checked when it ran")
        : new Guard(name, "PENDING", "checked when it runs");
  }
}
