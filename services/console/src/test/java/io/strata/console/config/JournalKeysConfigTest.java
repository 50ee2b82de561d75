package io.strata.console.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.strata.console.JournalSigning;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The verification keys are required outside the dev, test and local profiles, and an unusable one
 * fails startup naming the key: the mapping is loaded as Quarkus loads it at startup, and the
 * verifier built as StateProducer builds it (a failing @QuarkusTest cannot assert its own startup
 * failure).
 */
class JournalKeysConfigTest {

  private static SmallRyeConfig load(Map<String, String> values) {
    return new SmallRyeConfigBuilder()
        .withMapping(ConsoleConfig.class)
        .withConverter(Duration.class, 200, new DurationConverter())
        .withSources(new PropertiesConfigSource(values, "test", 500))
        .build();
  }

  @Test
  void withoutVerificationKeysTheConsoleDoesNotStartAndNamesTheKey() {
    assertThatThrownBy(() -> load(Map.of()))
        .hasMessageContaining("strata.console.journal.verification-keys");
    // An empty value (an unset environment variable in a ConfigMap) is no value.
    assertThatThrownBy(() -> load(Map.of("strata.console.journal.verification-keys", "")))
        .hasMessageContaining("strata.console.journal.verification-keys");
  }

  @Test
  void anUnusableKeyFailsNamingTheKeyAndAUsableOneVerifies() {
    ConsoleConfig bad =
        load(Map.of("strata.console.journal.verification-keys", "strata-demo-1:not-base64!"))
            .getConfigMapping(ConsoleConfig.class);
    assertThatThrownBy(() -> new StateProducer().journalVerifier(bad))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "strata.console.journal.verification-keys: key 'strata-demo-1' is neither PEM"
                + " (-----BEGIN PUBLIC KEY-----) nor base64 DER");

    ConsoleConfig good =
        load(Map.of("strata.console.journal.verification-keys", JournalSigning.VERIFICATION_KEYS))
            .getConfigMapping(ConsoleConfig.class);
    assertThat(new StateProducer().journalVerifier(good).keyIds())
        .containsExactly(JournalSigning.KEY_ID);
  }
}
