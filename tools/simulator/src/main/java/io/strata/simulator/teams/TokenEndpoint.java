package io.strata.simulator.teams;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.time.Clock;

/**
 * POST /botframework.com/oauth2/v2.0/token: the Entra ID token endpoint's answers, {"token_type",
 * "expires_in", "ext_expires_in", "access_token"} or {"error", "error_description"} (plus the
 * stand-in's "reason").
 */
final class TokenEndpoint {

  private final ConnectorTokens tokens;
  private final Clock clock;

  TokenEndpoint(ConnectorTokens tokens, Clock clock) {
    this.tokens = tokens;
    this.clock = clock;
  }

  void handle(HttpExchange exchange, String method) throws IOException {
    if (!"POST".equals(method)) {
      Exchanges.error(exchange, 405, "MethodNotAllowed", "use POST");
      return;
    }
    ConnectorTokens.Grant grant =
        tokens.grant(Exchanges.form(Exchanges.body(exchange)), clock.instant());
    if (grant instanceof ConnectorTokens.Grant.Issued issued) {
      Exchanges.json(
          exchange,
          200,
          Exchanges.JSON
              .createObjectNode()
              .put("token_type", "Bearer")
              .put("expires_in", issued.expiresInSeconds())
              .put("ext_expires_in", issued.expiresInSeconds())
              .put("access_token", issued.accessToken()));
    } else if (grant instanceof ConnectorTokens.Grant.Refused refused) {
      Exchanges.json(
          exchange,
          refused.refusal().status,
          Exchanges.JSON
              .createObjectNode()
              .put("error", refused.refusal().error)
              .put("error_description", refused.description())
              .put("reason", refused.refusal().name()));
    }
  }
}
