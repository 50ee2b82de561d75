package io.strata.remediator.core.policy;

/** A policy document that cannot be used, with the rule at fault (if any) and the reason. */
public final class PolicyException extends Exception {

  private final PolicyProblem problem;
  private final String rule;

  public PolicyException(PolicyProblem problem, String rule, String message) {
    super((rule == null ? "" : "rule " + rule + ": ") + message);
    this.problem = problem;
    this.rule = rule;
  }

  public PolicyProblem problem() {
    return problem;
  }

  /** The rule's name (or its position, {@code #3}, when it has none); null for the document. */
  public String rule() {
    return rule;
  }
}
