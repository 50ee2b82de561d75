package io.strata.remediator.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;

/**
 * Maps a presented bearer token to its principal and role, comparing in constant time. A principal
 * without an entry in the role map gets the default role.
 */
public final class BearerTokens {

  private final Map<String, String> tokensByPrincipal;
  private final Map<String, ApiRole> rolesByPrincipal;
  private final ApiRole defaultRole;

  /** Every token with {@link ApiRole#OPERATOR}: what any token could do before roles existed. */
  public BearerTokens(Map<String, String> tokensByPrincipal) {
    this(tokensByPrincipal, Map.of(), ApiRole.OPERATOR);
  }

  public BearerTokens(
      Map<String, String> tokensByPrincipal,
      Map<String, ApiRole> rolesByPrincipal,
      ApiRole defaultRole) {
    this.tokensByPrincipal = Map.copyOf(tokensByPrincipal);
    this.rolesByPrincipal = Map.copyOf(rolesByPrincipal);
    this.defaultRole = defaultRole;
    tokensByPrincipal.forEach(
        (principal, token) -> {
          if (token == null || token.length() < 16) {
            throw new IllegalArgumentException(
                "strata.remediator.api.tokens." + principal + " must be at least 16 characters");
          }
        });
    rolesByPrincipal.keySet().stream()
        .filter(principal -> !tokensByPrincipal.containsKey(principal))
        .findFirst()
        .ifPresent(
            principal -> {
              // A role without a token is a typo that would silently leave someone's rights wrong.
              throw new IllegalArgumentException(
                  "strata.remediator.api.roles." + principal + " names no configured token");
            });
  }

  /** The principal of an {@code Authorization} header value, if it carries a known token. */
  public Optional<String> principal(String authorization) {
    return identify(authorization).map(ApiPrincipal::name);
  }

  /** The principal and role of an {@code Authorization} header value. */
  public Optional<ApiPrincipal> identify(String authorization) {
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
    return Optional.ofNullable(found)
        .map(name -> new ApiPrincipal(name, rolesByPrincipal.getOrDefault(name, defaultRole)));
  }
}
