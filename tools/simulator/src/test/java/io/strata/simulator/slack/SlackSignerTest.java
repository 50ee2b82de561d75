package io.strata.simulator.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SlackSignerTest {

  /** The worked example of Slack's "Verifying requests from Slack" page (checked with openssl). */
  private static final String DOC_SECRET = "8f742231b10e8888abcd99yyyzzz85a5";

  private static final String DOC_BODY =
      "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow"
          + "&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner"
          + "&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2F"
          + "commands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN"
          + "&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";

  @Test
  void matchesSlacksDocumentedVector() {
    assertThat(new SlackSigner(DOC_SECRET).sign(1531420618L, DOC_BODY))
        .isEqualTo("v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503");
  }

  @Test
  void anyChangeToTimestampOrBodyChangesTheSignature() {
    SlackSigner signer = new SlackSigner(DOC_SECRET);
    String original = signer.sign(1531420618L, DOC_BODY);
    assertThat(signer.sign(1531420619L, DOC_BODY)).isNotEqualTo(original);
    assertThat(signer.sign(1531420618L, DOC_BODY + " ")).isNotEqualTo(original);
    assertThat(new SlackSigner("other").sign(1531420618L, DOC_BODY)).isNotEqualTo(original);
  }

  @Test
  void refusesAnEmptySecret() {
    assertThatThrownBy(() -> new SlackSigner("")).hasMessageContaining("signing secret");
  }
}
