package io.strata.remediator.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SlackSignatureVerifierTest {

  /** Slack's published example of request signing (docs: verifying requests from Slack). */
  private static final String SECRET = "8f742231b10e8888abcd99yyyzzz85a5";

  private static final String TIMESTAMP = "1531420618";
  private static final byte[] BODY =
      ("token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V"
              + "&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect"
              + "&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554"
              + "%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c")
          .getBytes(StandardCharsets.UTF_8);
  private static final String SIGNATURE =
      "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

  private final SlackSignatureVerifier verifier =
      new SlackSignatureVerifier(SECRET, Duration.ofMinutes(5));
  private final Instant then = Instant.ofEpochSecond(1531420618L);

  @Test
  void slacksPublishedExampleVerifies() {
    assertThat(verifier.sign(TIMESTAMP, BODY)).isEqualTo(SIGNATURE);
    assertThat(verifier.verify(TIMESTAMP, SIGNATURE, BODY, then.plusSeconds(60)))
        .isEqualTo(SignatureCheck.VALID);
  }

  @Test
  void oneChangedByteOrAnotherSecretFails() {
    byte[] tampered = BODY.clone();
    tampered[tampered.length - 1] ^= 1;
    assertThat(verifier.verify(TIMESTAMP, SIGNATURE, tampered, then))
        .isEqualTo(SignatureCheck.BAD_SIGNATURE);
    assertThat(
            new SlackSignatureVerifier("another-secret", Duration.ofMinutes(5))
                .verify(TIMESTAMP, SIGNATURE, BODY, then))
        .isEqualTo(SignatureCheck.BAD_SIGNATURE);
    assertThat(verifier.verify(TIMESTAMP, SIGNATURE.toUpperCase(), BODY, then))
        .isEqualTo(SignatureCheck.BAD_SIGNATURE);
  }

  @Test
  void timestampsMoreThanFiveMinutesOffAreStaleEitherWay() {
    assertThat(verifier.verify(TIMESTAMP, SIGNATURE, BODY, then.plusSeconds(300)))
        .isEqualTo(SignatureCheck.VALID);
    assertThat(verifier.verify(TIMESTAMP, SIGNATURE, BODY, then.plusSeconds(301)))
        .isEqualTo(SignatureCheck.STALE_TIMESTAMP);
    assertThat(verifier.verify(TIMESTAMP, SIGNATURE, BODY, then.minusSeconds(301)))
        .isEqualTo(SignatureCheck.STALE_TIMESTAMP);
  }

  @Test
  void missingOrMalformedHeadersAreNamed() {
    assertThat(verifier.verify(null, SIGNATURE, BODY, then))
        .isEqualTo(SignatureCheck.MISSING_HEADERS);
    assertThat(verifier.verify(TIMESTAMP, null, BODY, then))
        .isEqualTo(SignatureCheck.MISSING_HEADERS);
    assertThat(verifier.verify("yesterday", SIGNATURE, BODY, then))
        .isEqualTo(SignatureCheck.MALFORMED_TIMESTAMP);
  }

  @Test
  void aBlankSecretIsRefused() {
    assertThatThrownBy(() -> new SlackSignatureVerifier(" ", Duration.ofMinutes(5)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
