package io.strata.remediator.core.policy.backtest;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.PolicyMode;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.policy.Held;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What really became of one planned step, read from its history in the journal.
 *
 * @param history every record of the step, in order (never empty)
 * @param rule the rule that decided it ({@code default} when none did, or before policies existed)
 * @param held the limit that held the rule back, read from the proposal's message (PlanProposer
 *     writes {@code holds it back (LIMIT: ...)})
 * @param byPolicy whether a rule approved it on its own (channel POLICY, mode AUTO)
 * @param observed whether the policy only observed it
 */
record RealStep(
    List<RemediationAction> history,
    String rule,
    Optional<Held.Limit> held,
    boolean byPolicy,
    boolean observed,
    Outcome outcome) {

  private static final Pattern HELD = Pattern.compile("holds it back \\(([A-Z_]+):");

  static RealStep of(List<RemediationAction> history) {
    RemediationAction first = history.get(0);
    String rule =
        first.policy() == null || first.policy().rule() == null ? "default" : first.policy().rule();
    Optional<RemediationAction> approval =
        history.stream().filter(a -> a.state() == ActionState.APPROVED).findFirst();
    boolean byPolicy =
        approval
            .filter(a -> a.approvalChannel() == ApprovalChannel.POLICY)
            .filter(a -> a.policy() != null && a.policy().mode() == PolicyMode.AUTO)
            .isPresent();
    boolean observed = history.stream().anyMatch(a -> a.state() == ActionState.OBSERVED);
    return new RealStep(
        history, rule, held(first), byPolicy, observed, outcome(history, approval, byPolicy));
  }

  /** The first record: what the planner planned, when. */
  RemediationAction first() {
    return history.get(0);
  }

  /**
   * Whether a person had the step in hand (it was proposed, and no rule approved it): under a draft
   * that proposes it too, that person is assumed to do what they really did.
   */
  boolean personDecided() {
    return !observed && !byPolicy;
  }

  private static Optional<Held.Limit> held(RemediationAction first) {
    Matcher m = HELD.matcher(first.message() == null ? "" : first.message());
    if (!m.find()) {
      return Optional.empty();
    }
    for (Held.Limit limit : Held.Limit.values()) {
      if (limit.name().equals(m.group(1))) {
        return Optional.of(limit);
      }
    }
    return Optional.empty();
  }

  private static Outcome outcome(
      List<RemediationAction> history, Optional<RemediationAction> approval, boolean byPolicy) {
    if (history.stream().anyMatch(a -> a.state() == ActionState.OBSERVED)) {
      return Outcome.OBSERVED;
    }
    Outcome executed = byPolicy ? Outcome.EXECUTED_BY_POLICY : Outcome.EXECUTED_BY_PERSON;
    if (history.stream().anyMatch(a -> a.state() == ActionState.EXECUTED)) {
      return executed;
    }
    if (approval.isEmpty()) {
      // Still proposed, rejected, or refused before any approval (superseded, expired).
      return Outcome.PROPOSED;
    }
    RemediationAction last = history.get(history.size() - 1);
    return switch (last.state()) {
      case FAILED -> Outcome.FAILED;
      case REFUSED -> Outcome.refused(last.reason(), last.message());
      // Approved and not finished when the journal was read: counted as executed by its approver.
      default -> executed;
    };
  }
}
