package io.strata.remediator.core.teams;

import java.time.Duration;
import java.time.Instant;

/**
 * A connector access token from the client-credentials grant. Used until shortly before it expires
 * (5 minutes, or half its life when shorter), so a request never leaves with a token that expires
 * on the way.
 */
public record AccessToken(String value, Instant expiresAt, Duration margin) {

  private static final Duration MARGIN = Duration.ofMinutes(5);

  /** A token valid for {@code expiresInSeconds} from {@code now} (the grant's expires_in). */
  public static AccessToken issued(String value, long expiresInSeconds, Instant now) {
    Duration life = Duration.ofSeconds(Math.max(0, expiresInSeconds));
    Duration margin = life.compareTo(MARGIN.multipliedBy(2)) < 0 ? life.dividedBy(2) : MARGIN;
    return new AccessToken(value, now.plus(life), margin);
  }

  public boolean usableAt(Instant now) {
    return now.isBefore(expiresAt.minus(margin));
  }

  /** Never the secret itself in logs. */
  @Override
  public String toString() {
    return "AccessToken[expiresAt=" + expiresAt + "]";
  }
}
