package io.strata.remediator.core.policy.backtest;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.remediator.core.guard.BlastRadiusLimit;

/**
 * What became of one planned step, really or under the draft: observed, proposed and left to a
 * person who did not execute it, executed (by a person or by a rule on its own), refused after its
 * approval (by a guard, or by the cluster's answer), or failed.
 *
 * @param refusal for REFUSED, the reason, with the blast-radius limit for BLAST_RADIUS_LIMIT
 *     ({@code BLAST_RADIUS_LIMIT:NODES_IN_WINDOW}); null otherwise
 */
public record Outcome(Kind kind, String refusal) {

  /** The outcome's kind. */
  public enum Kind {
    OBSERVED,
    PROPOSED,
    EXECUTED_BY_PERSON,
    EXECUTED_BY_POLICY,
    REFUSED,
    FAILED
  }

  public static final Outcome OBSERVED = new Outcome(Kind.OBSERVED, null);
  public static final Outcome PROPOSED = new Outcome(Kind.PROPOSED, null);
  public static final Outcome EXECUTED_BY_PERSON = new Outcome(Kind.EXECUTED_BY_PERSON, null);
  public static final Outcome EXECUTED_BY_POLICY = new Outcome(Kind.EXECUTED_BY_POLICY, null);
  public static final Outcome FAILED = new Outcome(Kind.FAILED, null);

  /**
   * A refusal; for BLAST_RADIUS_LIMIT the limit is read from the message's prefix, which names it
   * (NodeBlastRadius.refuse, ADR 012).
   */
  public static Outcome refused(ActionOutcomeReason reason, String message) {
    String refusal = reason.name();
    if (reason == ActionOutcomeReason.BLAST_RADIUS_LIMIT && message != null) {
      int colon = message.indexOf(':');
      String prefix = colon < 0 ? "" : message.substring(0, colon);
      for (BlastRadiusLimit limit : BlastRadiusLimit.values()) {
        if (limit.name().equals(prefix)) {
          refusal += ":" + limit.name();
        }
      }
    }
    return new Outcome(Kind.REFUSED, refusal);
  }

  public boolean executed() {
    return kind == Kind.EXECUTED_BY_PERSON || kind == Kind.EXECUTED_BY_POLICY;
  }

  /** {@code REFUSED:RATE_LIMITED}, or the kind's name. */
  public String label() {
    return refusal == null ? kind.name() : kind.name() + ":" + refusal;
  }

  @Override
  public String toString() {
    return label();
  }
}
