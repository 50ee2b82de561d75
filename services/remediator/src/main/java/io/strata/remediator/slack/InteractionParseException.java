package io.strata.remediator.slack;

/** A Slack interaction payload Strata cannot act on, with the reason. */
public final class InteractionParseException extends Exception {

  private static final long serialVersionUID = 1L;

  private final InteractionProblem problem;

  public InteractionParseException(InteractionProblem problem, String message) {
    super(message);
    this.problem = problem;
  }

  public InteractionProblem problem() {
    return problem;
  }
}
