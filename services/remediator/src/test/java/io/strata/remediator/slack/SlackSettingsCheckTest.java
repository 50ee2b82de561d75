package io.strata.remediator.slack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SlackSettingsCheckTest {

  @Test
  void disabledSlackNeedsNothing() {
    assertThat(
            SlackSettingsCheck.problems(
                false, Optional.empty(), Optional.empty(), Optional.empty()))
        .isEmpty();
  }

  @Test
  void enabledSlackWithoutSigningSecretIsRefusedWithTheKeyAndTheWayOut() {
    assertThat(
            SlackSettingsCheck.problems(
                true,
                Optional.of("https://hooks.slack.com/services/T/B/X"),
                Optional.of(" "),
                Optional.of(Set.of("U1"))))
        .singleElement()
        .asString()
        .contains("strata.remediator.slack.signing-secret")
        .contains("SLACK_SIGNING_SECRET")
        .contains("strata.remediator.slack.enabled=false");
  }

  @Test
  void webhookAndApproversAreRequiredToo() {
    assertThat(
            SlackSettingsCheck.problems(
                true, Optional.of("hooks.slack.com"), Optional.of("s3cret"), Optional.empty()))
        .hasSize(2)
        .anySatisfy(p -> assertThat(p).contains("webhook-url"))
        .anySatisfy(p -> assertThat(p).contains("allowed-users"));
  }
}
