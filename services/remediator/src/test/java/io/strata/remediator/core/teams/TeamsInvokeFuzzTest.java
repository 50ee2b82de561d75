package io.strata.remediator.core.teams;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.testsupport.MutableClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * 2,000 generated activities and tokens (seeded, so a failure repeats): every one is admitted or
 * refused with a reason other than UNSPECIFIED; nothing else escapes the gate (no 500 behind it).
 */
class TeamsInvokeFuzzTest {

  private static final TeamsTokens SIGNER = new TeamsTokens("kid-1");
  private static final TeamsTokens STRANGER = new TeamsTokens("kid-1");
  private static final String[] VERBS = {"approve", "reject", "undo", "", "APPROVE"};

  @Test
  void tenThousandInvokesAreAdmittedOrRefusedWithAReason() {
    MutableClock clock = new MutableClock(Instant.parse("2026-12-08T10:00:00Z"));
    String jwks = TeamsTokens.jwks(List.of(SIGNER)).toString();
    BotKeys keys =
        new BotKeys(
            "m",
            url -> url.equals("m") ? TeamsTokens.metadata("k").toString() : jwks,
            clock,
            Duration.ofHours(24),
            Duration.ofMinutes(1));
    ActivityGate gate =
        new ActivityGate(
            new BotTokenVerifier(keys, TeamsTokens.APP_ID, Duration.ofMinutes(5), clock),
            new ActivityReplayGuard(Duration.ofMinutes(5), 50_000),
            Set.of("aad-1"),
            clock);
    Random random = new Random(47);
    Map<TeamsProblem, Integer> refusals = new EnumMap<>(TeamsProblem.class);
    int admitted = 0;
    // 2,000 at the gate; TeamsBodiesFuzzTest sends 10,000 over HTTP with every answer predicted.
    for (int i = 0; i < 2_000; i++) {
      byte[] body = body(random, i);
      String auth = token(random, clock.instant());
      try {
        gate.admit(auth, body);
        admitted++;
      } catch (TeamsRefused e) {
        assertThat(e.problem()).isNotEqualTo(TeamsProblem.UNSPECIFIED);
        assertThat(e.getMessage()).isNotBlank();
        refusals.merge(e.problem(), 1, Integer::sum);
      }
    }
    assertThat(admitted).isPositive();
    assertThat(refusals)
        .containsKeys(
            TeamsProblem.NO_TOKEN,
            TeamsProblem.MALFORMED_TOKEN,
            TeamsProblem.BAD_SIGNATURE,
            TeamsProblem.WRONG_AUDIENCE,
            TeamsProblem.EXPIRED,
            TeamsProblem.REPLAYED,
            TeamsProblem.MALFORMED_JSON,
            TeamsProblem.UNKNOWN_VERB,
            TeamsProblem.NOT_ALLOWED_APPROVER);
  }

  private static String token(Random random, Instant now) {
    return switch (random.nextInt(10)) {
      case 0 -> null;
      case 1 -> "Bearer " + garbage(random);
      case 2 -> "Bearer " + STRANGER.token(now);
      case 3 -> "Bearer " + SIGNER.sign(SIGNER.claims(now).audience("other").build());
      case 4 ->
          "Bearer "
              + SIGNER.sign(
                  SIGNER.claims(now).expirationTime(Date.from(now.minusSeconds(600))).build());
      case 5 -> "Basic " + garbage(random);
      default -> SIGNER.bearer(now);
    };
  }

  private static byte[] body(Random random, int i) {
    int kind = random.nextInt(12);
    if (kind == 0) {
      return garbage(random).getBytes(StandardCharsets.UTF_8);
    }
    if (kind == 1) {
      byte[] bytes = new byte[random.nextInt(64)];
      random.nextBytes(bytes);
      return bytes;
    }
    // A few ids repeat: replays.
    String id = "f:" + (random.nextInt(8) == 0 ? i % 50 : i);
    String user = random.nextInt(6) == 0 ? "aad-intruder" : "aad-1";
    String verb = VERBS[random.nextInt(VERBS.length)];
    ObjectNode invoke =
        TeamsFixtures.invoke(
            id,
            user,
            verb,
            random.nextInt(10) == 0 ? "" : "act-" + i,
            random.nextInt(10) == 0 ? null : "h");
    switch (random.nextInt(8)) {
      case 0 ->
          invoke.remove(
              List.of("value", "channelId", "serviceUrl", "from", "name").get(random.nextInt(5)));
      case 1 -> invoke.put("type", "message");
      case 2 -> invoke.set("value", invoke.numberNode(random.nextInt()));
      case 3 -> invoke.put("serviceUrl", "https://elsewhere.test/");
      default -> {}
    }
    String json = invoke.toString();
    if (kind == 2) {
      json = json.substring(0, random.nextInt(json.length()));
    }
    return json.getBytes(StandardCharsets.UTF_8);
  }

  private static String garbage(Random random) {
    StringBuilder s = new StringBuilder();
    int n = random.nextInt(40);
    for (int i = 0; i < n; i++) {
      s.append((char) (random.nextInt(0x7e - 0x20) + 0x20));
    }
    return s.toString();
  }
}
