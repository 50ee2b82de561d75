package io.strata.remediator.core.teams;

/** An activity refused before anything changed, with the reason it is answered with. */
public final class TeamsRefused extends Exception {

  private static final long serialVersionUID = 1L;

  private final TeamsProblem problem;

  public TeamsRefused(TeamsProblem problem, String message) {
    super(message);
    this.problem = problem;
  }

  public TeamsProblem problem() {
    return problem;
  }
}
