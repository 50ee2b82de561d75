package io.strata.remediator.it;

import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import io.strata.remediator.core.teams.BotTokenVerifier;
import io.strata.remediator.core.teams.TeamsProblem;
import io.strata.remediator.core.teams.TeamsTokens;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Random;

/**
 * The Authorization headers the HTTP fuzz sends, each signed once and reused: replay is keyed on
 * the activity id, not the token, so one token may carry many activities (as the Bot Framework's
 * do). Each has one fault at most, so what the verifier says of it is known in advance.
 */
final class TeamsFuzzTokens {

  /**
   * One header and its verdict.
   *
   * @param fault the refusal the token alone earns; null for a valid token
   * @param serviceUrl its serviceurl claim (null when absent); checked after the endorsement
   */
  record Token(String name, String header, TeamsProblem fault, String serviceUrl) {}

  static final String ELSEWHERE = "https://elsewhere.test/";
  private static final String CHARS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";

  private final List<Token> tokens = new ArrayList<>();

  TeamsFuzzTokens(TeamsStandIn teams, Instant now) {
    TeamsTokens signer = teams.signer();
    String url = teams.serviceUrl();
    String valid = signer.sign(claims(signer, now, url).build());
    // Valid tokens are half of the draws; the edges of the 5-minute skew are valid too.
    for (int i = 0; i < 12; i++) {
      tokens.add(new Token("valid", "Bearer " + valid, null, url));
    }
    tokens.add(new Token("lower-case scheme", "bearer " + valid, null, url));
    tokens.add(
        new Token(
            "expired within the skew",
            bearer(
                signer,
                claims(signer, now, url).expirationTime(Date.from(now.minusSeconds(290))).build()),
            null,
            url));
    tokens.add(
        new Token(
            "serviceurl elsewhere",
            bearer(signer, claims(signer, now, ELSEWHERE).build()),
            null,
            ELSEWHERE));
    tokens.add(
        new Token(
            "no serviceurl",
            bearer(
                signer,
                claims(signer, now, url).claim(BotTokenVerifier.SERVICE_URL_CLAIM, null).build()),
            null,
            null));
    tokens.add(new Token("missing", null, TeamsProblem.NO_TOKEN, url));
    tokens.add(new Token("bare scheme", "Bearer", TeamsProblem.NO_TOKEN, url));
    tokens.add(new Token("basic", "Basic dXNlcjpwYXNzd29yZA==", TeamsProblem.NO_TOKEN, url));
    tokens.add(new Token("garbage", null, TeamsProblem.MALFORMED_TOKEN, url));
    String payload = valid.split("\\.")[1];
    String signature = valid.split("\\.")[2];
    tokens.add(
        new Token(
            "alg none",
            "Bearer " + part("{\"alg\":\"none\"}") + "." + payload + ".",
            TeamsProblem.MALFORMED_TOKEN,
            url));
    tokens.add(
        new Token(
            "HS256",
            "Bearer "
                + part("{\"alg\":\"HS256\",\"kid\":\"stand-in-key-1\"}")
                + "."
                + payload
                + "."
                + signature,
            TeamsProblem.WRONG_ALGORITHM,
            url));
    tokens.add(
        new Token(
            "no kid",
            "Bearer " + part("{\"alg\":\"RS256\"}") + "." + payload + "." + signature,
            TeamsProblem.UNKNOWN_KEY,
            url));
    TeamsTokens stranger = new TeamsTokens("stand-in-key-1");
    tokens.add(
        new Token(
            "wrong key, same kid",
            bearer(stranger, claims(stranger, now, url).build()),
            TeamsProblem.BAD_SIGNATURE,
            url));
    TeamsTokens rotated = new TeamsTokens("unknown-key-2");
    tokens.add(
        new Token(
            "unknown kid",
            bearer(rotated, claims(rotated, now, url).build()),
            TeamsProblem.UNKNOWN_KEY,
            url));
    String forged = claims(signer, now, url).audience("other-bot").build().toString();
    tokens.add(
        new Token(
            "payload swapped",
            "Bearer " + valid.split("\\.")[0] + "." + part(forged) + "." + signature,
            TeamsProblem.BAD_SIGNATURE,
            url));
    tokens.add(
        new Token(
            "signature cut",
            "Bearer " + valid.substring(0, valid.length() - 6),
            TeamsProblem.BAD_SIGNATURE,
            url));
    faulty(signer, now, url);
  }

  /** Genuine signatures over claims with one fault each. */
  private void faulty(TeamsTokens signer, Instant now, String url) {
    tokens.add(
        new Token(
            "wrong issuer",
            bearer(signer, claims(signer, now, url).issuer("https://sts.windows.net/x/").build()),
            TeamsProblem.WRONG_ISSUER,
            url));
    tokens.add(
        new Token(
            "wrong audience",
            bearer(signer, claims(signer, now, url).audience("other-bot").build()),
            TeamsProblem.WRONG_AUDIENCE,
            url));
    tokens.add(
        new Token(
            "expired",
            bearer(
                signer,
                claims(signer, now, url).expirationTime(Date.from(now.minusSeconds(301))).build()),
            TeamsProblem.EXPIRED,
            url));
    tokens.add(
        new Token(
            "no exp",
            bearer(signer, claims(signer, now, url).expirationTime(null).build()),
            TeamsProblem.EXPIRED,
            url));
    tokens.add(
        new Token(
            "not yet valid",
            bearer(
                signer,
                claims(signer, now, url).notBeforeTime(Date.from(now.plusSeconds(301))).build()),
            TeamsProblem.NOT_YET_VALID,
            url));
  }

  /** A token to send; garbage is drawn fresh each time. */
  Token pick(Random random) {
    Token token = tokens.get(random.nextInt(tokens.size()));
    if (token.name().equals("garbage")) {
      StringBuilder s = new StringBuilder("Bearer ");
      for (int n = 1 + random.nextInt(60); n > 0; n--) {
        s.append(CHARS.charAt(random.nextInt(CHARS.length())));
      }
      return new Token(token.name(), s.toString(), token.fault(), token.serviceUrl());
    }
    return token;
  }

  private static JWTClaimsSet.Builder claims(TeamsTokens signer, Instant now, String url) {
    return signer.claims(now).claim(BotTokenVerifier.SERVICE_URL_CLAIM, url);
  }

  private static String bearer(TeamsTokens signer, JWTClaimsSet claims) {
    return "Bearer " + signer.sign(claims);
  }

  private static String part(String json) {
    return Base64URL.encode(json).toString();
  }
}
