package io.strata.remediator.core.teams;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/**
 * Plays the Bot Framework's token service in tests: an RSA key of its own, its JWKS with
 * endorsements, and connector-to-bot tokens signed with it (claims as the Bot Connector
 * authentication reference lists them).
 */
public final class TeamsTokens {

  public static final String APP_ID = "5f0c2a3e-test-bot-app-id";
  public static final String SERVICE_URL = "https://smba.example.test/emea/";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final RSAKey key;
  private final List<String> endorsements;

  public TeamsTokens(String kid, List<String> endorsements) {
    try {
      this.key = new RSAKeyGenerator(2048).keyID(kid).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
    this.endorsements = endorsements;
  }

  public TeamsTokens(String kid) {
    this(kid, List.of("msteams"));
  }

  /** The JWKS listing this key (public part) with its endorsements. */
  public ObjectNode jwks() {
    return jwks(List.of(this));
  }

  public static ObjectNode jwks(List<TeamsTokens> signers) {
    ObjectNode jwks = MAPPER.createObjectNode();
    ArrayNode keys = jwks.putArray("keys");
    for (TeamsTokens t : signers) {
      ObjectNode k = MAPPER.valueToTree(t.key.toPublicJWK().toJSONObject());
      k.put("use", "sig");
      ArrayNode e = k.putArray("endorsements");
      t.endorsements.forEach(e::add);
      keys.add(k);
    }
    return jwks;
  }

  /** An OpenID metadata document naming the JWKS at {@code jwksUri}. */
  public static ObjectNode metadata(String jwksUri) {
    ObjectNode m = MAPPER.createObjectNode();
    m.put("issuer", BotTokenVerifier.ISSUER);
    m.put("authorization_endpoint", "https://invalid.botframework.com");
    m.put("jwks_uri", jwksUri);
    m.putArray("id_token_signing_alg_values_supported").add("RS256");
    m.putArray("token_endpoint_auth_methods_supported").add("private_key_jwt");
    return m;
  }

  /** A valid token for {@code now}: an hour long, as the Bot Framework issues them. */
  public String token(Instant now) {
    return sign(claims(now).build());
  }

  public JWTClaimsSet.Builder claims(Instant now) {
    return new JWTClaimsSet.Builder()
        .issuer(BotTokenVerifier.ISSUER)
        .audience(APP_ID)
        .notBeforeTime(Date.from(now.minusSeconds(60)))
        .expirationTime(Date.from(now.plusSeconds(3600)))
        .claim(BotTokenVerifier.SERVICE_URL_CLAIM, SERVICE_URL);
  }

  public String sign(JWTClaimsSet claims) {
    try {
      SignedJWT jwt =
          new SignedJWT(
              new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims);
      jwt.sign(new RSASSASigner(key));
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  public String bearer(Instant now) {
    return "Bearer " + token(now);
  }
}
