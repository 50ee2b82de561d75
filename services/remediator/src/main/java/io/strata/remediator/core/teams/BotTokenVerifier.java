package io.strata.remediator.core.teams;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * Verifies the bearer token on an activity the Bot Framework connector sends to the bot, as the Bot
 * Connector authentication reference requires ("Authentication with the Bot Connector API",
 * connector to bot): a JWT in the Authorization header with the Bearer scheme; issuer {@code
 * https://api.botframework.com}; audience the bot's Microsoft App ID; within its validity period
 * allowing 5 minutes of clock skew; signed (RS256) by a key of the OpenID metadata's JWKS whose
 * endorsements include the activity's channelId; a {@code serviceurl} claim equal to the activity's
 * serviceUrl. Signature checking is nimbus-jose-jwt's, never by hand.
 */
public final class BotTokenVerifier {

  public static final String ISSUER = "https://api.botframework.com";

  /**
   * The claim naming the connector the token was issued for, lower case as the Bot Framework SDKs
   * read it (AuthenticationConstants.ServiceUrlClaim in botbuilder-dotnet/-java/-python); the
   * lookup ignores case because the prose docs spell it serviceUrl.
   */
  public static final String SERVICE_URL_CLAIM = "serviceurl";

  /** A verified token: its expiry bounds how long its activity must be remembered. */
  public record BotToken(Instant expiresAt) {}

  private final BotKeys keys;
  private final String appId;
  private final Duration skew;
  private final Clock clock;

  public BotTokenVerifier(BotKeys keys, String appId, Duration skew, Clock clock) {
    this.keys = keys;
    this.appId = appId;
    this.skew = skew;
    this.clock = clock;
  }

  public BotToken verify(String authorization, String channelId, String serviceUrl)
      throws TeamsRefused {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      throw new TeamsRefused(TeamsProblem.NO_TOKEN, "no Authorization: Bearer token");
    }
    SignedJWT jwt;
    JWTClaimsSet claims;
    try {
      jwt = SignedJWT.parse(authorization.substring(7).trim());
      claims = jwt.getJWTClaimsSet();
    } catch (ParseException e) {
      throw new TeamsRefused(TeamsProblem.MALFORMED_TOKEN, "not a signed JWT");
    }
    if (!JWSAlgorithm.RS256.equals(jwt.getHeader().getAlgorithm())) {
      throw new TeamsRefused(TeamsProblem.WRONG_ALGORITHM, "only RS256 is accepted");
    }
    String kid = jwt.getHeader().getKeyID();
    BotKeys.BotKey key =
        (kid == null ? java.util.Optional.<BotKeys.BotKey>empty() : keys.find(kid))
            .orElseThrow(() -> new TeamsRefused(TeamsProblem.UNKNOWN_KEY, "unknown key id"));
    if (!signedBy(jwt, key)) {
      throw new TeamsRefused(TeamsProblem.BAD_SIGNATURE, "the signature does not verify");
    }
    if (!ISSUER.equals(claims.getIssuer())) {
      throw new TeamsRefused(TeamsProblem.WRONG_ISSUER, "issuer is not " + ISSUER);
    }
    if (claims.getAudience() == null || !claims.getAudience().contains(appId)) {
      throw new TeamsRefused(TeamsProblem.WRONG_AUDIENCE, "audience is not this bot's app id");
    }
    Instant now = clock.instant();
    Date exp = claims.getExpirationTime();
    if (exp == null || now.isAfter(exp.toInstant().plus(skew))) {
      throw new TeamsRefused(TeamsProblem.EXPIRED, "the token has expired");
    }
    Date nbf = claims.getNotBeforeTime();
    if (nbf != null && now.isBefore(nbf.toInstant().minus(skew))) {
      throw new TeamsRefused(TeamsProblem.NOT_YET_VALID, "the token is not valid yet");
    }
    if (channelId == null || !key.endorsements().contains(channelId)) {
      throw new TeamsRefused(
          TeamsProblem.MISSING_ENDORSEMENT, "the signing key is not endorsed for this channel");
    }
    if (serviceUrl == null || !serviceUrl.equals(serviceUrlClaim(claims))) {
      throw new TeamsRefused(
          TeamsProblem.SERVICE_URL_MISMATCH, "the token's serviceUrl is not the activity's");
    }
    return new BotToken(exp.toInstant());
  }

  private static boolean signedBy(SignedJWT jwt, BotKeys.BotKey key) {
    if (!(key.jwk() instanceof RSAKey rsa)) {
      return false;
    }
    try {
      return jwt.verify(new RSASSAVerifier(rsa));
    } catch (JOSEException e) {
      return false;
    }
  }

  /** The serviceurl claim whatever its case; null when absent, not a string, or given twice. */
  private static String serviceUrlClaim(JWTClaimsSet claims) {
    String found = null;
    for (String name : claims.getClaims().keySet()) {
      if (name.equalsIgnoreCase(SERVICE_URL_CLAIM)) {
        if (found != null) {
          return null;
        }
        found = stringClaim(claims, name);
      }
    }
    return found;
  }

  private static String stringClaim(JWTClaimsSet claims, String name) {
    try {
      return claims.getStringClaim(name);
    } catch (ParseException e) {
      return null;
    }
  }
}
