package io.strata.remediator.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;

/** Maps a presented bearer token to its principal, comparing in constant time. */
public final class BearerTokens {

  private final Map<String, String> tokensByPrincipal;

  public BearerTokens(Map<String, String> tokensByPrincipal) {
    this.tokensByPrincipal = Map.copyOf(tokensByPrincipal);
    tokensByPrincipal.forEach(
        (principal, token) -> {
          if (token == null || token.length() < 16) {
            throw new IllegalArgumentException(
                "strata.remediator.api.tokens." + principal + " must be at least 16 characters");
          }
        });
  }

  /** The principal of an {@code Authorization} header value, if it carries a known token. */
  public Optional<String> principal(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.empty();
    }
    byte[] presented = authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8);
    String found = null;
    for (Map.Entry<String, String> entry : tokensByPrincipal.entrySet()) {
      // Compare against every token so timing does not reveal which one nearly matched.
      if (MessageDigest.isEqual(entry.getValue().getBytes(StandardCharsets.UTF_8), presented)) {
        found = entry.getKey();
      }
    }
    return Optional.ofNullable(found);
  }
}
