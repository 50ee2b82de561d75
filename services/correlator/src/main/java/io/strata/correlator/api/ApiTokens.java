package io.strata.correlator.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Maps a presented {@code Authorization: Bearer} value to its caller, comparing against every token
 * in constant time. Built once from configuration; an unusable configuration (no viewer token, or
 * forwarding without an internal token) fails startup naming the key to set.
 */
public final class ApiTokens {

  static final String TOKENS_KEY = "strata.correlator.api.tokens";
  static final String INTERNAL_KEY = "strata.correlator.api.internal-token";

  private final Map<String, ApiCaller> callersByToken = new LinkedHashMap<>();

  /**
   * @param viewerTokens token by principal; every one a {@link ApiRole#VIEWER}
   * @param internalToken the instances' shared token, if any
   * @param forwarding whether this instance forwards queries (an advertised server is set)
   */
  public ApiTokens(
      Map<String, String> viewerTokens, Optional<String> internalToken, boolean forwarding) {
    if (viewerTokens.isEmpty()) {
      throw new IllegalStateException(
          TOKENS_KEY
              + ".<principal> is not set: the REST API needs at least one viewer token (from a"
              + " Secret, e.g. STRATA_CORRELATOR_API_TOKENS_CONSOLE); see"
              + " docs/services/correlator.md");
    }
    if (forwarding && internalToken.isEmpty()) {
      throw new IllegalStateException(
          INTERNAL_KEY
              + " is not set: instances forward queries to each other"
              + " (strata.correlator.advertised-server) and must authenticate them");
    }
    viewerTokens.forEach(
        (principal, token) -> register(token, new ApiCaller(principal, ApiRole.VIEWER)));
    internalToken.ifPresent(
        token -> register(token, new ApiCaller(ApiCaller.INSTANCE_PRINCIPAL, ApiRole.INSTANCE)));
  }

  /** The caller an {@code Authorization} header value authenticates, if any. */
  public Optional<ApiCaller> identify(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return Optional.empty();
    }
    byte[] presented = authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8);
    ApiCaller found = null;
    for (Map.Entry<String, ApiCaller> entry : callersByToken.entrySet()) {
      // Compare with every token, so timing does not say which one nearly matched.
      if (MessageDigest.isEqual(entry.getKey().getBytes(StandardCharsets.UTF_8), presented)) {
        found = entry.getValue();
      }
    }
    return Optional.ofNullable(found);
  }

  private void register(String token, ApiCaller caller) {
    ApiCaller previous = callersByToken.putIfAbsent(token, caller);
    if (previous != null) {
      // One token for two principals would make the audit trail (and the role) ambiguous.
      throw new IllegalStateException(
          "the same token is configured for " + previous.name() + " and " + caller.name());
    }
  }
}
