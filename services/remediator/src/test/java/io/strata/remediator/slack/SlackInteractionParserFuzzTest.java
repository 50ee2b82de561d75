package io.strata.remediator.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Whatever a signed body holds, the parser either reads a click or names the problem: it never
 * throws anything else (which the resource would turn into a 500).
 */
class SlackInteractionParserFuzzTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String[] PIECES = {
    "payload=",
    "&",
    "=",
    "%",
    "%2",
    "%zz",
    "%7B",
    "%22type%22",
    "%3A",
    "%22block_actions%22",
    "%7D",
    "+",
    "user",
    "%22actions%22%3A%5B%7B%22value%22%3A%22act-1%22%7D%5D",
    "\u00e9",
    "\u0000",
    "{",
    "}",
    "\"",
    "payload",
    "actions",
    "action_id%22%3A%22approve%22",
    ","
  };

  /**
   * Nothing valid lost: 10,000 genuine clicks, encoded as Slack and form encoders may (spaces as
   * {@code +} or {@code %20}, other form fields before or after, any user, button, action id, patch
   * hash, response URL), each read back as exactly the click it was.
   */
  @Test
  void tenThousandGeneratedValidClicksAreReadAsExactlyTheirClick() throws Exception {
    Random random = new Random(16_16L);
    SlackInteraction.Command[] commands = SlackInteraction.Command.values();
    for (int i = 0; i < 10_000; i++) {
      String user = "U" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36).toUpperCase();
      SlackInteraction.Command command = commands[random.nextInt(commands.length)];
      String actionId =
          "act-" + Integer.toHexString(random.nextInt()) + (i % 7 == 0 ? " é&=%" : "");
      String hash = random.nextBoolean() ? null : Integer.toHexString(random.nextInt()) + "ab";
      String responseUrl =
          random.nextBoolean() ? null : "https://hooks.slack.com/actions/T1/" + i + "/x?y=1&z=2";
      SlackInteraction expected = new SlackInteraction(user, command, actionId, responseUrl, hash);
      ObjectNode payload = MAPPER.createObjectNode().put("type", "block_actions");
      payload.putObject("user").put("id", user).put("name", "on call " + i);
      if (responseUrl != null) {
        payload.put("response_url", responseUrl);
      }
      payload
          .putArray("actions")
          .addObject()
          .put("action_id", command.name().toLowerCase(java.util.Locale.ROOT))
          .put("value", hash == null ? actionId : actionId + SlackInteraction.PATCH_MARK + hash);
      String encoded = URLEncoder.encode(payload.toString(), StandardCharsets.UTF_8);
      if (random.nextBoolean()) {
        encoded = encoded.replace("+", "%20");
      }
      String form =
          switch (random.nextInt(3)) {
            case 0 -> "payload=" + encoded;
            case 1 -> "token=legacy&payload=" + encoded;
            default -> "payload=" + encoded + "&trigger_id=" + i;
          };
      assertThat(SlackInteractionParser.parse(form.getBytes(StandardCharsets.UTF_8)))
          .as(form)
          .isEqualTo(expected);
    }
  }

  @Test
  void aBrokenPercentEscapeIsAMalformedForm() {
    assertThatThrownBy(
            () -> SlackInteractionParser.parse("payload=%zz".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(
            InteractionParseException.class,
            e -> assertThat(e.problem()).isEqualTo(InteractionProblem.MALFORMED_FORM));
  }

  @Test
  void tenThousandGeneratedBodiesAreReadOrRejectedWithAReason() {
    Random random = new Random(20261201L);
    Map<InteractionProblem, Integer> rejected = new EnumMap<>(InteractionProblem.class);
    int accepted = 0;
    for (int i = 0; i < 10_000; i++) {
      StringBuilder body = new StringBuilder();
      int pieces = 1 + random.nextInt(12);
      for (int p = 0; p < pieces; p++) {
        body.append(PIECES[random.nextInt(PIECES.length)]);
      }
      byte[] raw = body.toString().getBytes(StandardCharsets.UTF_8);
      if (random.nextInt(10) == 0) {
        raw[random.nextInt(raw.length)] = (byte) random.nextInt(256);
      }
      try {
        SlackInteractionParser.parse(raw);
        accepted++;
      } catch (InteractionParseException e) {
        assertThat(e.problem()).isNotNull();
        assertThat(e.getMessage()).isNotBlank();
        rejected.merge(e.problem(), 1, Integer::sum);
      }
    }
    System.out.printf(
        "[fuzz] slack form bodies: 10000 inputs, %d accepted, rejected %s%n", accepted, rejected);
    assertThat(accepted + rejected.values().stream().mapToInt(Integer::intValue).sum())
        .isEqualTo(10_000);
    assertThat(rejected)
        .containsKeys(InteractionProblem.MALFORMED_FORM, InteractionProblem.NO_PAYLOAD);
  }
}
