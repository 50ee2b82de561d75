package io.strata.simulator.teams;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client-credentials grant of login.microsoftonline.com/botframework.com/oauth2/v2.0/token as a
 * bot uses it to call the Bot Connector (Bot Connector authentication, "Bot to connector"), and the
 * check of the tokens it issued. Refusals carry the OAuth error code Entra ID answers with.
 */
public final class ConnectorTokens {

  public static final String SCOPE = "https://api.botframework.com/.default";
  static final Duration LIFETIME = Duration.ofSeconds(3599);

  /** Why a token request was refused: the OAuth 2.0 error code and the HTTP status. */
  public enum Refusal {
    UNSPECIFIED(400, "invalid_request"),
    MISSING_PARAMETER(400, "invalid_request"),
    UNSUPPORTED_GRANT_TYPE(400, "unsupported_grant_type"),
    INVALID_SCOPE(400, "invalid_scope"),
    UNKNOWN_CLIENT(400, "unauthorized_client"),
    WRONG_SECRET(401, "invalid_client");

    public final int status;
    public final String error;

    Refusal(int status, String error) {
      this.status = status;
      this.error = error;
    }
  }

  /** The outcome of a token request. */
  public sealed interface Grant {
    record Issued(String accessToken, long expiresInSeconds) implements Grant {}

    record Refused(Refusal refusal, String description) implements Grant {}
  }

  /** The result of checking an Authorization header on a connector call. */
  public enum BearerCheck {
    UNSPECIFIED,
    VALID,
    MISSING,
    UNKNOWN,
    EXPIRED
  }

  private final String appId;
  private final String appPassword;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, Instant> issued = new ConcurrentHashMap<>();

  public ConnectorTokens(String appId, String appPassword) {
    this.appId = appId;
    this.appPassword = appPassword;
  }

  public Grant grant(Map<String, String> form, Instant now) {
    for (String name : new String[] {"grant_type", "client_id", "client_secret", "scope"}) {
      if (form.getOrDefault(name, "").isEmpty()) {
        return new Grant.Refused(
            Refusal.MISSING_PARAMETER, "the request body must contain " + name);
      }
    }
    if (!"client_credentials".equals(form.get("grant_type"))) {
      return new Grant.Refused(Refusal.UNSUPPORTED_GRANT_TYPE, "only client_credentials");
    }
    if (!SCOPE.equals(form.get("scope"))) {
      return new Grant.Refused(Refusal.INVALID_SCOPE, "the scope must be " + SCOPE);
    }
    if (!appId.equals(form.get("client_id"))) {
      return new Grant.Refused(Refusal.UNKNOWN_CLIENT, "no application " + form.get("client_id"));
    }
    if (!appPassword.equals(form.get("client_secret"))) {
      return new Grant.Refused(Refusal.WRONG_SECRET, "invalid client secret provided");
    }
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    issued.put(token, now.plus(LIFETIME));
    return new Grant.Issued(token, LIFETIME.toSeconds());
  }

  public BearerCheck check(String authorization, Instant now) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return BearerCheck.MISSING;
    }
    Instant expires = issued.get(authorization.substring(7).trim());
    if (expires == null) {
      return BearerCheck.UNKNOWN;
    }
    return now.isBefore(expires) ? BearerCheck.VALID : BearerCheck.EXPIRED;
  }
}
