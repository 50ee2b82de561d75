package io.strata.remediator.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SlackInteractionParserTest {

  /** Shaped like bolt-python's block_actions test body. */
  private static final String PAYLOAD =
      """
      {"type":"block_actions","user":{"id":"U111","username":"primary-owner","team_id":"T111"},
       "api_app_id":"A111","token":"verification_token",
       "container":{"type":"message","message_ts":"111.222","channel_id":"C111","is_ephemeral":true},
       "trigger_id":"111.222.valid","team":{"id":"T111","domain":"workspace-domain"},
       "channel":{"id":"C111","name":"test-channel"},
       "response_url":"https://hooks.slack.com/actions/T111/111/random-value",
       "actions":[{"action_id":"approve","block_id":"buttons-act-1","text":{"type":"plain_text",
       "text":"Approve","emoji":true},"value":"act-1","style":"primary","type":"button",
       "action_ts":"1596530385.194939"}]}
      """;

  @Test
  void readsTheClickFromTheFormField() throws InteractionParseException {
    SlackInteraction click = SlackInteractionParser.parse(form(PAYLOAD));

    assertThat(click)
        .isEqualTo(
            new SlackInteraction(
                "U111",
                SlackInteraction.Command.APPROVE,
                "act-1",
                "https://hooks.slack.com/actions/T111/111/random-value"));
  }

  @Test
  void problemsAreNamed() {
    assertProblem("token=abc".getBytes(StandardCharsets.UTF_8), InteractionProblem.NO_PAYLOAD);
    assertProblem(form("{nope"), InteractionProblem.MALFORMED_JSON);
    assertProblem(
        form(PAYLOAD.replace("block_actions", "view_submission")),
        InteractionProblem.UNSUPPORTED_TYPE);
    assertProblem(form(PAYLOAD.replace("\"id\":\"U111\",", "")), InteractionProblem.NO_USER);
    assertProblem(form(PAYLOAD.replace("\"value\":\"act-1\",", "")), InteractionProblem.NO_ACTION);
    assertProblem(
        form(PAYLOAD.replace("\"action_id\":\"approve\"", "\"action_id\":\"delete\"")),
        InteractionProblem.UNKNOWN_BUTTON);
  }

  private static void assertProblem(byte[] body, InteractionProblem problem) {
    assertThatThrownBy(() -> SlackInteractionParser.parse(body))
        .isInstanceOfSatisfying(
            InteractionParseException.class, e -> assertThat(e.problem()).isEqualTo(problem));
  }

  private static byte[] form(String json) {
    return ("payload=" + URLEncoder.encode(json, StandardCharsets.UTF_8))
        .getBytes(StandardCharsets.UTF_8);
  }
}
