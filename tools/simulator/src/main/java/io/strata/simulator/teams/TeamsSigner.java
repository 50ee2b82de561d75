package io.strata.simulator.teams;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * Signs the bearer token the Bot Connector sends with every activity to a bot: RS256 with a key of
 * the JWKS (kid in the header), {@code iss} https://api.botframework.com, {@code aud} the bot's app
 * id, the {@code serviceurl} claim equal to the activity's serviceUrl, nbf/exp (Bot Connector
 * authentication, "Connector to bot"; the claim name as the Bot Framework SDKs' SERVICE_URL_CLAIM).
 */
public final class TeamsSigner {

  public static final String ISSUER = "https://api.botframework.com";
  public static final String SERVICE_URL_CLAIM = "serviceurl";
  static final Duration LIFETIME = Duration.ofHours(1);

  /** What a token says; {@link #genuine} is what the real connector would put in it. */
  public record Claims(
      String issuer, String audience, String serviceUrl, Instant notBefore, Instant expires) {

    public static Claims genuine(String appId, String serviceUrl, Instant now) {
      return new Claims(ISSUER, appId, serviceUrl, now, now.plus(LIFETIME));
    }
  }

  private TeamsSigner() {}

  /** The compact JWS. */
  public static String sign(RSAKey key, Claims claims) {
    JWSHeader header =
        new JWSHeader.Builder(JWSAlgorithm.RS256)
            .keyID(key.getKeyID())
            .type(JOSEObjectType.JWT)
            .build();
    JWTClaimsSet set =
        new JWTClaimsSet.Builder()
            .issuer(claims.issuer())
            .audience(claims.audience())
            .claim(SERVICE_URL_CLAIM, claims.serviceUrl())
            .notBeforeTime(Date.from(claims.notBefore()))
            .expirationTime(Date.from(claims.expires()))
            .build();
    SignedJWT jwt = new SignedJWT(header, set);
    try {
      jwt.sign(new RSASSASigner(key));
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot sign with key " + key.getKeyID(), e);
    }
    return jwt.serialize();
  }
}
