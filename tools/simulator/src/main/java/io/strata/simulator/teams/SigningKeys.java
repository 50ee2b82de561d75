package io.strata.simulator.teams;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The stand-in's Bot Framework signing keys: the newest signs, all are published. Each published
 * key carries {@code "endorsements": ["msteams"]} as the keys at login.botframework.com's jwks_uri
 * do (the channels a key may sign for; Bot Connector authentication, "Connector to bot").
 */
public final class SigningKeys {

  /** The endorsement a key needs to sign activities whose channelId is msteams. */
  public static final String ENDORSEMENT = "msteams";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<RSAKey> keys = new ArrayList<>();

  public SigningKeys() {
    rotate();
  }

  /** A fresh 2048-bit RSA key, not published anywhere: for forged tokens. */
  public static RSAKey generate(String kid) {
    try {
      return new RSAKeyGenerator(2048).keyID(kid).keyUse(KeyUse.SIGNATURE).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot generate an RSA key", e);
    }
  }

  /** Adds a new key that signs from now on; the older ones stay published. Returns its kid. */
  public synchronized String rotate() {
    RSAKey key = generate(UUID.randomUUID().toString());
    keys.add(key);
    return key.getKeyID();
  }

  /** The key new tokens are signed with. */
  public synchronized RSAKey current() {
    return keys.get(keys.size() - 1);
  }

  /** The JWKS document: public halves only, each with its endorsements. */
  public synchronized ObjectNode jwks() {
    ObjectNode doc = JSON.createObjectNode();
    ArrayNode out = doc.putArray("keys");
    for (RSAKey key : keys) {
      ObjectNode jwk = JSON.valueToTree(key.toPublicJWK().toJSONObject());
      jwk.putArray("endorsements").add(ENDORSEMENT);
      out.add(jwk);
    }
    return doc;
  }

  /**
   * The OpenID metadata document as login.botframework.com/v1/.well-known/openidconfiguration
   * serves it, pointing at this stand-in's JWKS.
   */
  public static ObjectNode openIdMetadata(String baseUrl) {
    ObjectNode doc = JSON.createObjectNode();
    doc.put("issuer", TeamsSigner.ISSUER);
    doc.put("authorization_endpoint", "https://invalid.botframework.com");
    doc.put("jwks_uri", baseUrl + TeamsStandIn.JWKS_PATH);
    doc.putArray("id_token_signing_alg_values_supported").add("RS256");
    doc.putArray("token_endpoint_auth_methods_supported").add("private_key_jwt");
    return doc;
  }
}
