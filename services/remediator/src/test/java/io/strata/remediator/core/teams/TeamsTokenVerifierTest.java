package io.strata.remediator.core.teams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.testsupport.MutableClock;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TeamsTokenVerifierTest {

  private static final String METADATA = "https://login.example.test/openid";
  private static final String JWKS = "https://login.example.test/keys";
  private static final TeamsTokens SIGNER = new TeamsTokens("kid-1");

  private final MutableClock clock = new MutableClock(Instant.parse("2026-12-08T10:00:00Z"));
  private final Map<String, String> served = new HashMap<>();
  private final Map<String, Integer> reads = new HashMap<>();
  private BotTokenVerifier verifier;
  private BotKeys keys;

  @BeforeEach
  void setUp() {
    serve(List.of(SIGNER));
    keys =
        new BotKeys(
            METADATA,
            url -> {
              reads.merge(url, 1, Integer::sum);
              String body = served.get(url);
              if (body == null) {
                throw new IOException("404");
              }
              return body;
            },
            clock,
            Duration.ofHours(24),
            Duration.ofMinutes(1));
    verifier = new BotTokenVerifier(keys, TeamsTokens.APP_ID, Duration.ofMinutes(5), clock);
  }

  private void serve(List<TeamsTokens> signers) {
    served.put(METADATA, TeamsTokens.metadata(JWKS).toString());
    served.put(JWKS, TeamsTokens.jwks(signers).toString());
  }

  private BotTokenVerifier.BotToken check(String token) throws TeamsRefused {
    return verifier.verify("Bearer " + token, "msteams", TeamsTokens.SERVICE_URL);
  }

  private void refused(String token, TeamsProblem problem) {
    assertThatThrownBy(() -> check(token))
        .isInstanceOfSatisfying(
            TeamsRefused.class, e -> assertThat(e.problem()).isEqualTo(problem));
  }

  @Test
  void aValidTokenIsAcceptedWithItsExpiry() throws TeamsRefused {
    assertThat(check(SIGNER.token(clock.instant())).expiresAt())
        .isEqualTo(Instant.parse("2026-12-08T11:00:00Z"));
  }

  @Test
  void aTokenSignedByAnotherKeyUnderTheSameKidIsABadSignature() {
    refused(new TeamsTokens("kid-1").token(clock.instant()), TeamsProblem.BAD_SIGNATURE);
  }

  @Test
  void wrongAudienceAndIssuerAreRefused() {
    refused(
        SIGNER.sign(SIGNER.claims(clock.instant()).audience("another-bot").build()),
        TeamsProblem.WRONG_AUDIENCE);
    refused(
        SIGNER.sign(SIGNER.claims(clock.instant()).issuer("https://sts.windows.net/x/").build()),
        TeamsProblem.WRONG_ISSUER);
  }

  @Test
  void expiryAllowsFiveMinutesOfSkewAndNoMore() throws TeamsRefused {
    Instant exp = clock.instant().minus(Duration.ofMinutes(4));
    String withinSkew =
        SIGNER.sign(SIGNER.claims(clock.instant()).expirationTime(Date.from(exp)).build());
    assertThat(check(withinSkew).expiresAt()).isEqualTo(exp);
    String beyond =
        SIGNER.sign(
            SIGNER
                .claims(clock.instant())
                .expirationTime(
                    Date.from(clock.instant().minus(Duration.ofMinutes(5)).minusSeconds(1)))
                .build());
    refused(beyond, TeamsProblem.EXPIRED);
    String noExp = SIGNER.sign(SIGNER.claims(clock.instant()).expirationTime(null).build());
    refused(noExp, TeamsProblem.EXPIRED);
    String notYet =
        SIGNER.sign(
            SIGNER
                .claims(clock.instant())
                .notBeforeTime(Date.from(clock.instant().plusSeconds(301)))
                .build());
    refused(notYet, TeamsProblem.NOT_YET_VALID);
  }

  @Test
  void aKeyNotEndorsedForTheChannelIsRefused() {
    TeamsTokens webchatOnly = new TeamsTokens("kid-webchat", List.of("webchat"));
    serve(List.of(SIGNER, webchatOnly));
    refused(webchatOnly.token(clock.instant()), TeamsProblem.MISSING_ENDORSEMENT);
  }

  @Test
  void theServiceUrlClaimMustEqualTheActivitys() {
    refused(
        SIGNER.sign(
            SIGNER
                .claims(clock.instant())
                .claim(BotTokenVerifier.SERVICE_URL_CLAIM, "https://evil.example/")
                .build()),
        TeamsProblem.SERVICE_URL_MISMATCH);
    refused(
        SIGNER.sign(
            SIGNER.claims(clock.instant()).claim(BotTokenVerifier.SERVICE_URL_CLAIM, null).build()),
        TeamsProblem.SERVICE_URL_MISMATCH);
  }

  @Test
  void theServiceUrlClaimIsReadWhateverItsCaseButOnlyOnce() throws TeamsRefused {
    String proseSpelling =
        SIGNER.sign(
            SIGNER
                .claims(clock.instant())
                .claim(BotTokenVerifier.SERVICE_URL_CLAIM, null)
                .claim("serviceUrl", TeamsTokens.SERVICE_URL)
                .build());
    assertThat(check(proseSpelling)).isNotNull();
    refused(
        SIGNER.sign(
            SIGNER.claims(clock.instant()).claim("serviceUrl", "https://evil.example/").build()),
        TeamsProblem.SERVICE_URL_MISMATCH);
  }

  @Test
  void anUnknownKidRefetchesTheKeysOnceWithinTheRefreshInterval() throws TeamsRefused {
    check(SIGNER.token(clock.instant()));
    assertThat(keys.fetches()).isEqualTo(1);
    TeamsTokens rotated = new TeamsTokens("kid-2");
    serve(List.of(SIGNER, rotated));
    // Within the minimum interval the rotated key is not looked for yet; past it, once.
    refused(rotated.token(clock.instant()), TeamsProblem.UNKNOWN_KEY);
    assertThat(keys.fetches()).isEqualTo(1);
    clock.advance(Duration.ofMinutes(1));
    assertThat(check(rotated.token(clock.instant())).expiresAt()).isNotNull();
    assertThat(keys.fetches()).isEqualTo(2);
    // Forged kids within the interval cost no further fetch.
    refused(new TeamsTokens("kid-forged").token(clock.instant()), TeamsProblem.UNKNOWN_KEY);
    refused(new TeamsTokens("kid-forged-2").token(clock.instant()), TeamsProblem.UNKNOWN_KEY);
    assertThat(keys.fetches()).isEqualTo(2);
    assertThat(reads.get(JWKS)).isEqualTo(2);
  }

  @Test
  void unreadableKeysAreKeysUnavailable() {
    served.clear();
    refused(SIGNER.token(clock.instant()), TeamsProblem.KEYS_UNAVAILABLE);
  }

  @Test
  void headersAndAlgorithmsOtherThanBearerRs256AreRefused() {
    assertThatThrownBy(() -> verifier.verify(null, "msteams", TeamsTokens.SERVICE_URL))
        .isInstanceOfSatisfying(
            TeamsRefused.class, e -> assertThat(e.problem()).isEqualTo(TeamsProblem.NO_TOKEN));
    refused("not-a-jwt", TeamsProblem.MALFORMED_TOKEN);
    // alg none: header {"alg":"none"}, the claims of a valid token, no signature.
    String valid = SIGNER.token(clock.instant());
    String none = "eyJhbGciOiJub25lIn0." + valid.split("\\.")[1] + ".";
    assertThatThrownBy(() -> check(none)).isInstanceOf(TeamsRefused.class);
  }

  @Test
  void theReplayGuardRefusesAnActivityIdTwiceWhileItsTokenLives() {
    ActivityReplayGuard guard = new ActivityReplayGuard(Duration.ofMinutes(5), 10);
    Instant exp = clock.instant().plusSeconds(3600);
    assertThat(guard.firstPresentation("f:1", exp, clock.instant())).isTrue();
    assertThat(guard.firstPresentation("f:1", exp, clock.instant())).isFalse();
    assertThat(guard.firstPresentation("f:2", exp, clock.instant())).isTrue();
    assertThat(guard.firstPresentation("f:1", exp, exp.plusSeconds(301))).isTrue();
  }
}
