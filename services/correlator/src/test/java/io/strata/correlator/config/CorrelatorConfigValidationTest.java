package io.strata.correlator.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidator;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Severity;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The mapping is validated the way Quarkus validates it at startup (SmallRye Config's bean
 * validation of {@code @ConfigMapping} interfaces with Hibernate Validator): a bad value fails with
 * a message naming the key; the defaults are the documented production defaults. (Quarkus 3.33
 * offers no QuarkusUnitTest outside its own build, and a failing @QuarkusTest cannot assert its own
 * startup failure.)
 */
class CorrelatorConfigValidationTest {

  private static ValidatorFactory factory;

  @BeforeAll
  static void validator() {
    factory = Validation.buildDefaultValidatorFactory();
  }

  @AfterAll
  static void close() {
    factory.close();
  }

  private static SmallRyeConfig load(Map<String, String> values) {
    Validator validator = factory.getValidator();
    BeanValidationConfigValidator validation = () -> validator;
    return new SmallRyeConfigBuilder()
        .withMapping(CorrelatorConfig.class)
        // Quarkus' own converter: "5s", "1m" as in application.properties.
        .withConverter(Duration.class, 200, new DurationConverter())
        .withValidator(validation)
        .withSources(new PropertiesConfigSource(values, "test", 500))
        .build();
  }

  @Test
  void defaultsAreTheProductionDefaults() {
    CorrelatorSettings settings =
        load(Map.of()).getConfigMapping(CorrelatorConfig.class).toSettings();
    assertThat(settings).isEqualTo(CorrelatorSettings.defaults());
  }

  @Test
  void aNegativeLateSpanMemoryFailsNamingTheKey() {
    assertThatThrownBy(() -> load(Map.of("strata.correlator.traces.late-span-memory", "-1s")))
        .isInstanceOf(ConfigValidationException.class)
        .hasMessageContaining("strata.correlator.traces.late-span-memory");
  }

  @Test
  void aZeroWindowSizeFailsNamingTheKey() {
    assertThatThrownBy(() -> load(Map.of("strata.correlator.windows.size", "0s")))
        .isInstanceOf(ConfigValidationException.class)
        .hasMessageContaining("strata.correlator.windows.size");
  }

  @Test
  void aRecoveryBandBelowOneFailsNamingTheKey() {
    assertThatThrownBy(() -> load(Map.of("strata.correlator.regression.recovery-band", "0.5")))
        .isInstanceOf(ConfigValidationException.class)
        .hasMessageContaining("strata.correlator.regression.recovery-band");
  }

  @Test
  void aZeroWindowsToResolveFailsNamingTheKey() {
    assertThatThrownBy(() -> load(Map.of("strata.correlator.lifecycle.windows-to-resolve", "0")))
        .isInstanceOf(ConfigValidationException.class)
        .hasMessageContaining("strata.correlator.lifecycle.windows-to-resolve");
  }

  @Test
  void anAdvertisedServerWithoutPortFailsNamingTheKey() {
    assertThatThrownBy(() -> load(Map.of("strata.correlator.advertised-server", "correlator-0")))
        .isInstanceOf(ConfigValidationException.class)
        .hasMessageContaining("strata.correlator.advertised-server");
  }

  @Test
  void theBuiltInAlertRuleIsOnByDefaultReplaceableAndCanBeSwitchedOff() {
    assertThat(load(Map.of()).getConfigMapping(CorrelatorConfig.class).toSettings().alerts())
        .isEqualTo(
            new CorrelatorSettings.Alerts(
                new TreeMap<>(
                    Map.of("nvsentinel-fatal", CorrelatorSettings.Alerts.NVSENTINEL_FATAL)),
                10));
    assertThat(
            load(Map.of("strata.correlator.alerts.nvsentinel-fatal-rule", "false"))
                .getConfigMapping(CorrelatorConfig.class)
                .toSettings()
                .alerts()
                .rules())
        .isEmpty();
  }

  @Test
  void aConfiguredAlertRuleIsTakenWithItsDefaults() {
    CorrelatorSettings.Alerts alerts =
        load(Map.of(
                "strata.correlator.alerts.rules.gpu-hot.match.alertname", "GpuTemperatureHigh",
                "strata.correlator.alerts.rules.gpu-hot.match.severity", "critical",
                "strata.correlator.alerts.rules.gpu-hot.incident-class", "DEVICE_DEGRADED",
                "strata.correlator.alerts.max-per-incident", "5"))
            .getConfigMapping(CorrelatorConfig.class)
            .toSettings()
            .alerts();
    assertThat(alerts.maxPerIncident()).isEqualTo(5);
    assertThat(alerts.rules().keySet()).containsExactly("gpu-hot", "nvsentinel-fatal");
    assertThat(alerts.rules().get("gpu-hot"))
        .isEqualTo(
            new CorrelatorSettings.AlertRule(
                Map.of("alertname", "GpuTemperatureHigh", "severity", "critical"),
                IncidentClass.DEVICE_DEGRADED,
                Severity.CRITICAL));
  }

  @Test
  void anAlertRuleOpeningANonNodeClassFailsNamingTheKey() {
    CorrelatorConfig config =
        load(Map.of(
                "strata.correlator.alerts.rules.queue.match.alertname", "QueueLong",
                "strata.correlator.alerts.rules.queue.incident-class", "QUEUE_BACKLOG"))
            .getConfigMapping(CorrelatorConfig.class);
    assertThatThrownBy(config::toSettings)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("strata.correlator.alerts.rules.queue.incident-class");
  }

  @Test
  void anAlertRuleWithoutMatchFailsNamingTheKey() {
    assertThatThrownBy(
            () ->
                load(Map.of("strata.correlator.alerts.rules.any.incident-class", "DEVICE_FAULT"))
                    .getConfigMapping(CorrelatorConfig.class)
                    .toSettings())
        .hasMessageContaining("strata.correlator.alerts.rules.any.match");
  }

  @Test
  void aZeroAlertLimitFailsNamingTheKey() {
    assertThatThrownBy(() -> load(Map.of("strata.correlator.alerts.max-per-incident", "0")))
        .isInstanceOf(ConfigValidationException.class)
        .hasMessageContaining("strata.correlator.alerts.max-per-incident");
  }

  @Test
  void aValidOverrideIsTaken() {
    CorrelatorConfig config =
        load(Map.of("strata.correlator.windows.size", "30s"))
            .getConfigMapping(CorrelatorConfig.class);
    assertThat(config.windows().size()).isEqualTo(Duration.ofSeconds(30));
  }
}
