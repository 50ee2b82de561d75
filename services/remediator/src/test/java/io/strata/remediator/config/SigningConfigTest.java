package io.strata.remediator.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.journal.signature.VerificationReason;
import io.strata.remediator.TestKeys;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.JournalTags;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The signing settings as Quarkus loads them at startup and CoreProducer turns them into the
 * journal's tags: production has no default, so a start without them fails naming each key, and
 * {@code integrity.key} is gone. (A failing @QuarkusTest cannot assert its own startup failure.)
 */
class SigningConfigTest {

  private static SmallRyeConfig load(Map<String, String> values) {
    return new SmallRyeConfigBuilder()
        .withMapping(RemediatorConfig.class)
        .withConverter(Duration.class, 200, new DurationConverter())
        .withSources(new PropertiesConfigSource(values, "test", 500))
        .build();
  }

  @Test
  void withoutTheSigningKeysTheRemediatorDoesNotStartAndNamesEachKey() {
    assertThatThrownBy(() -> load(Map.of()))
        .hasMessageContaining("strata.remediator.signing.key-id")
        .hasMessageContaining("strata.remediator.signing.private-key")
        .hasMessageContaining("strata.remediator.signing.verification-keys");
  }

  @Test
  void theSettingsBecomeTheJournalsTagsAndTheLegacyKeyIsOptional() {
    Map<String, String> values = new HashMap<>();
    values.put("strata.remediator.signing.key-id", TestKeys.CORE_KEY_ID);
    values.put("strata.remediator.signing.private-key", TestKeys.CORE_PRIVATE);
    values.put(
        "strata.remediator.signing.verification-keys",
        TestKeys.CORE_KEY_ID + ":" + TestKeys.CORE_PUBLIC);
    RemediatorConfig config = load(values).getConfigMapping(RemediatorConfig.class);

    JournalTags tags = new CoreProducer().journalTags(config);
    assertThat(config.signing().legacyHmacKey()).isEmpty();
    assertThat(tags.keyId()).isEqualTo(TestKeys.CORE_KEY_ID);
    RemediationAction action =
        Actions.proposed(
            "act-1",
            "inc-1",
            1,
            ActionType.CORDON_NODE,
            new TargetRef("v1", "Node", null, "gpu-1"),
            "{}",
            null,
            "step 1",
            3,
            false,
            null,
            Instant.EPOCH);
    assertThat(tags.verify(action, tags.tag(action)).verified()).isTrue();
    // Without the legacy key, a former HMAC tag is another algorithm: refused.
    assertThat(tags.verify(action, "hmac-sha256=00").reason())
        .isEqualTo(VerificationReason.UNSUPPORTED_ALGORITHM);
  }
}
