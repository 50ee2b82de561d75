package io.strata.remediator.core.policy;

import java.time.Instant;
import java.util.Optional;

/**
 * The policy in force and what became of the last document offered. A refused document leaves the
 * policy in force as it was; a removed one (no document) brings back the default.
 */
public final class ActivePolicy {

  /** A document that was refused: where from, when, and why. */
  public record Refusal(
      String source, Instant at, PolicyProblem problem, String rule, String message) {}

  /** The policy in force: where it came from and since when. */
  public record InForce(RemediationPolicy policy, String source, Instant since) {}

  private volatile InForce current =
      new InForce(RemediationPolicy.DEFAULT, "default", Instant.EPOCH);
  private volatile Refusal lastRefusal;

  public RemediationPolicy policy() {
    return current.policy();
  }

  public InForce inForce() {
    return current;
  }

  public Optional<Refusal> lastRefusal() {
    return Optional.ofNullable(lastRefusal);
  }

  /**
   * Offers a document; an absent (null) one restores the default.
   *
   * @return the refusal, if the document was refused
   */
  public synchronized Optional<Refusal> offer(String document, String source, Instant now) {
    if (document == null) {
      current = new InForce(RemediationPolicy.DEFAULT, "default", now);
      lastRefusal = null;
      return Optional.empty();
    }
    try {
      RemediationPolicy parsed = PolicyParser.parse(document);
      if (!parsed.version().equals(current.policy().version())) {
        current = new InForce(parsed, source, now);
      }
      lastRefusal = null;
      return Optional.empty();
    } catch (PolicyException e) {
      lastRefusal = new Refusal(source, now, e.problem(), e.rule(), e.getMessage());
      return Optional.of(lastRefusal);
    }
  }
}
