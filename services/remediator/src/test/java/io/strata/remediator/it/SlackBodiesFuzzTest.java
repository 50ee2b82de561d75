package io.strata.remediator.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.remediator.core.journal.ActionJournal;
import io.strata.remediator.kube.ServedCluster;
import io.strata.remediator.slack.InteractionParseException;
import io.strata.remediator.slack.SlackInteraction;
import io.strata.remediator.slack.SlackInteractionParser;
import io.strata.testsupport.RawHttpConnection;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 10,000 generated Slack form bodies over real HTTP (issue 16's fuzzing of the Slack ingress):
 * genuine clicks, clicks mutated into broken forms, payloads and %-escapes, unsigned and forged
 * requests and exact repeats. Each answer is predicted exactly from the request before it is sent
 * (the parser is the oracle for signed bodies): never a 500, every rejection a 4xx whose body names
 * its reason, and every valid click from an allowed user accepted (nothing valid lost). The action
 * ids are unknown, so nothing can execute.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class SlackBodiesFuzzTest {

  private static final int BODIES = 10_000;
  private static final Set<String> ALLOWED = Set.of("U0ONCALL", "U0LEAD");
  private static final String[] USERS = {"U0ONCALL", "U0LEAD", "U0INTRUDER", ""};
  private static final String[] COMMANDS = {"approve", "reject", "undo", "APPROVE", "launch"};
  private static final String[] PIECES = {
    "&",
    "=",
    "%",
    "%2",
    "%zz",
    "%7B",
    "%22",
    "+",
    "payload=",
    "payload=%7B%7D",
    "\u00e9",
    "\u0000",
    "{",
    "}",
    "%E2%82",
    "&payload=",
    "type=block_actions"
  };

  @TestHTTPResource("/slack/interactions")
  URI interactions;

  @Inject TestClock clock;
  @Inject MeterRegistry metrics;
  @Inject ActionJournal journal;

  private RawHttpConnection http;

  @BeforeEach
  void connect() throws IOException {
    // One keep-alive connection for all requests: HttpClient's per-request cost dominated.
    http = new RawHttpConnection(interactions.getPort());
  }

  @AfterEach
  void disconnect() throws IOException {
    http.close();
  }

  @Test
  void everySignedBodyIsAnsweredAsPredictedAndNoneIsA500() throws Exception {
    Random random = new Random(16_2026L);
    Map<String, Integer> answers = new TreeMap<>();
    Set<String> presented = new HashSet<>();
    double acceptedBefore = accepted();
    int validFromAllowed = 0;
    for (int i = 0; i < BODIES; i++) {
      byte[] body = body(random, i);
      Instant now = clock.instant();
      String timestamp = Long.toString(now.getEpochSecond());
      int kind = random.nextInt(20);
      RawHttpConnection.Answer response;
      String expected;
      if (kind == 0) {
        response = post(body, null, null);
        expected = "401 MISSING_HEADERS";
      } else if (kind == 1) {
        response = post(body, timestamp, "v0=" + "ab".repeat(32));
        expected = "401 BAD_SIGNATURE";
      } else {
        String signature = SlackClicks.sign(now, body);
        response = post(body, timestamp, signature);
        expected = predict(body, presented.add(timestamp + ":" + signature));
        if (expected.equals("200 accepted")) {
          validFromAllowed++;
        }
      }
      String shown = new String(body, StandardCharsets.UTF_8);
      assertThat(response.status()).as("%s -> %s", shown, response.body()).isLessThan(500);
      assertThat(response.status()).as(shown).isEqualTo(Integer.parseInt(expected.substring(0, 3)));
      if (response.status() != 200) {
        // A rejection's body is its reason; a 200 is an empty acknowledgement (which one, the
        // ACCEPTED counter below tells).
        assertThat(response.body()).as(shown).isEqualTo(expected.substring(4));
      }
      answers.merge(expected.replaceAll(":.*", ""), 1, Integer::sum);
    }
    System.out.printf(
        "[fuzz] slack form bodies over HTTP: %d inputs, answers %s%n", BODIES, answers);
    assertThat(accepted() - acceptedBefore).isEqualTo(validFromAllowed);
    assertThat(validFromAllowed).isGreaterThan(1_000);
    assertThat(answers.keySet())
        .contains(
            "200 accepted",
            "200 not an approver",
            "401 MISSING_HEADERS",
            "401 BAD_SIGNATURE",
            "401 REPLAYED",
            "400 MALFORMED_FORM",
            "400 NO_PAYLOAD",
            "400 MALFORMED_JSON");
    assertThat(journal.store().history("act-fuzz-0")).isEmpty();
  }

  /** A form post as SlackClicks sends it; a null timestamp and signature leave both headers out. */
  private RawHttpConnection.Answer post(byte[] body, String timestamp, String signature)
      throws IOException {
    return http.send(
        "POST",
        interactions.getRawPath(),
        body,
        "Content-Type",
        "application/x-www-form-urlencoded",
        "X-Slack-Request-Timestamp",
        timestamp,
        "X-Slack-Signature",
        signature);
  }

  /** The answer for a correctly signed, fresh body: the parser decides, then the allow-list. */
  private static String predict(byte[] body, boolean firstPresentation) {
    if (!firstPresentation) {
      return "401 REPLAYED";
    }
    try {
      SlackInteraction click = SlackInteractionParser.parse(body);
      return ALLOWED.contains(click.userId()) ? "200 accepted" : "200 not an approver";
    } catch (InteractionParseException e) {
      return "400 " + e.problem().name() + ": " + e.getMessage();
    }
  }

  private double accepted() {
    return metrics.counter("strata.remediator.slack.interactions", "outcome", "ACCEPTED").count();
  }

  private static byte[] body(Random random, int i) {
    String user = USERS[random.nextInt(USERS.length)];
    String command = COMMANDS[random.nextInt(COMMANDS.length)];
    String value = "act-fuzz-" + random.nextInt(i + 1);
    if (random.nextBoolean()) {
      value += SlackInteraction.PATCH_MARK + "0123456789abcdef".repeat(random.nextInt(5));
    }
    byte[] click = SlackClicks.body(user, command, value, null);
    if (random.nextInt(3) == 0) {
      return click;
    }
    StringBuilder mutated = new StringBuilder(new String(click, StandardCharsets.UTF_8));
    for (int m = 1 + random.nextInt(3); m > 0; m--) {
      int at = random.nextInt(mutated.length() + 1);
      switch (random.nextInt(3)) {
        case 0 -> mutated.insert(at, PIECES[random.nextInt(PIECES.length)]);
        case 1 -> mutated.setLength(at);
        default -> mutated.delete(at, Math.min(mutated.length(), at + 1 + random.nextInt(8)));
      }
    }
    return mutated.toString().getBytes(StandardCharsets.UTF_8);
  }
}
