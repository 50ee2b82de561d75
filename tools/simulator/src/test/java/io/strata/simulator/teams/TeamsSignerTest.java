package io.strata.simulator.teams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TeamsSignerTest {

  private static final String APP_ID = "8f1c6a4e-5157-4a7a-9000-000000000001";
  private static final String SERVICE_URL = "http://127.0.0.1:9490/";

  private final SigningKeys keys = new SigningKeys();

  @Test
  void aSignedTokenVerifiesAgainstThePublishedJwks() throws Exception {
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    String token =
        TeamsSigner.sign(keys.current(), TeamsSigner.Claims.genuine(APP_ID, SERVICE_URL, now));

    JWTClaimsSet claims = processor().process(token, null);

    assertThat(claims.getIssuer()).isEqualTo("https://api.botframework.com");
    assertThat(claims.getAudience()).containsExactly(APP_ID);
    assertThat(claims.getStringClaim("serviceurl")).isEqualTo(SERVICE_URL);
    assertThat(claims.getNotBeforeTime()).isEqualTo(Date.from(now));
    assertThat(claims.getExpirationTime()).isEqualTo(Date.from(now.plusSeconds(3600)));
    SignedJWT parsed = SignedJWT.parse(token);
    assertThat(parsed.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.RS256);
    assertThat(parsed.getHeader().getKeyID()).isEqualTo(keys.current().getKeyID());
  }

  @Test
  void theJwksPublishesPublicKeysEndorsedForTeams() throws Exception {
    String older = keys.current().getKeyID();
    String newer = keys.rotate();
    JsonNode jwks = keys.jwks();

    assertThat(jwks.path("keys")).hasSize(2);
    JsonNode first = jwks.path("keys").get(0);
    assertThat(first.path("kty").asText()).isEqualTo("RSA");
    assertThat(first.path("use").asText()).isEqualTo("sig");
    assertThat(first.path("kid").asText()).isEqualTo(older);
    assertThat(first.path("e").asText()).isEqualTo("AQAB");
    assertThat(first.path("endorsements").toString()).isEqualTo("[\"msteams\"]");
    assertThat(first.has("d")).as("no private part").isFalse();
    assertThat(jwks.path("keys").get(1).path("kid").asText()).isEqualTo(newer);
    assertThat(keys.current().getKeyID()).isEqualTo(newer);
  }

  @Test
  void theOpenIdMetadataPointsAtTheJwks() {
    JsonNode doc = SigningKeys.openIdMetadata("http://127.0.0.1:9490");
    assertThat(doc.path("issuer").asText()).isEqualTo("https://api.botframework.com");
    assertThat(doc.path("jwks_uri").asText())
        .isEqualTo("http://127.0.0.1:9490/v1/.well-known/keys");
    assertThat(doc.path("id_token_signing_alg_values_supported").toString())
        .isEqualTo("[\"RS256\"]");
    assertThat(doc.path("token_endpoint_auth_methods_supported").toString())
        .isEqualTo("[\"private_key_jwt\"]");
  }

  @Test
  void aTokenFromAnotherKeyWithTheSameKidDoesNotVerify() {
    String token =
        TeamsSigner.sign(
            SigningKeys.generate(keys.current().getKeyID()),
            TeamsSigner.Claims.genuine(APP_ID, SERVICE_URL, Instant.now()));
    assertThatThrownBy(() -> processor().process(token, null))
        .isInstanceOf(BadJOSEException.class)
        .hasMessageContaining("Signed JWT rejected");
  }

  private DefaultJWTProcessor<SecurityContext> processor() throws Exception {
    JWKSet published = JWKSet.parse(keys.jwks().toString());
    DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    processor.setJWSKeySelector(
        new JWSVerificationKeySelector<>(JWSAlgorithm.RS256, new ImmutableJWKSet<>(published)));
    processor.setJWTClaimsSetVerifier(
        new DefaultJWTClaimsVerifier<>(
            APP_ID,
            new JWTClaimsSet.Builder()
                .issuer("https://api.botframework.com")
                .claim("serviceurl", SERVICE_URL)
                .build(),
            Set.of("exp", "nbf")));
    return processor;
  }
}
