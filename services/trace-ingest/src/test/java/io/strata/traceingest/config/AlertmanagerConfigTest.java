package io.strata.traceingest.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidator;
import io.strata.traceingest.AlertmanagerBeans;
import io.strata.traceingest.alert.AlertFixtures;
import io.strata.traceingest.alert.MappedKey;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.Test;

/** The alertmanager keys through SmallRye Config's own mapping (no Quarkus). */
class AlertmanagerConfigTest {

  @Test
  void defaultsRefuseEveryoneAndMapDcgmKubeStateMetricsAndNvsentinelLabels() {
    AlertmanagerConfig alerts = mapped(Map.of()).alertmanager();

    assertThat(alerts.enabled()).isTrue();
    assertThat(alerts.allowUnauthenticated()).isFalse();
    assertThat(alerts.bearerToken()).isEmpty();
    assertThat(alerts.basicAuth().username()).isEmpty();
    assertThat(alerts.cluster()).isEmpty();
    assertThat(alerts.maxAlerts()).isEqualTo(1000);
    assertThat(alerts.maxLabelsPerAlert()).isEqualTo(64);
    assertThat(alerts.maxLabelLength()).isEqualTo(1024);
    assertThat(alerts.maxAnnotationLength()).isEqualTo(4096);
    assertThat(alerts.maxAlertCharacters()).isEqualTo(131072);
    assertThat(alerts.dedupCapacity()).isEqualTo(50000);
    // The tests' default mapping (AlertFixtures) is the shipped one.
    assertThat(AlertmanagerBeans.names(alerts.labels()))
        .containsExactlyInAnyOrderEntriesOf(AlertFixtures.defaultNames());
  }

  @Test
  void secretsAndLabelListsAreRead() {
    AlertmanagerConfig alerts =
        mapped(
                Map.of(
                    "strata.trace-ingest.alertmanager.bearer-token", "t0ken",
                    "strata.trace-ingest.alertmanager.basic-auth.username", "alertmanager",
                    "strata.trace-ingest.alertmanager.basic-auth.password", "p4ss",
                    "strata.trace-ingest.alertmanager.cluster", "prod-a",
                    "strata.trace-ingest.alertmanager.labels.node", "kubernetes_node,instance",
                    "strata.trace-ingest.alertmanager.labels.gpu-uuid", "gpu_uuid"))
            .alertmanager();

    assertThat(alerts.bearerToken()).contains("t0ken");
    assertThat(alerts.basicAuth().username()).contains("alertmanager");
    assertThat(alerts.basicAuth().password()).contains("p4ss");
    assertThat(alerts.cluster()).contains("prod-a");
    Map<MappedKey, List<String>> names = AlertmanagerBeans.names(alerts.labels());
    assertThat(names.get(MappedKey.NODE)).containsExactly("kubernetes_node", "instance");
    assertThat(names.get(MappedKey.GPU_UUID)).containsExactly("gpu_uuid");
  }

  @Test
  void limitsAreValidated() {
    assertThatThrownBy(() -> mapped(Map.of("strata.trace-ingest.alertmanager.max-alerts", "0")))
        .isInstanceOf(ConfigValidationException.class)
        .hasMessageContaining("alertmanager.max-alerts");
  }

  private static TraceIngestConfig mapped(Map<String, String> values) {
    Validator validator =
        Validation.byDefaultProvider()
            .configure()
            .messageInterpolator(new ParameterMessageInterpolator())
            .buildValidatorFactory()
            .getValidator();
    SmallRyeConfig config =
        new SmallRyeConfigBuilder()
            .withValidator(
                new BeanValidationConfigValidator() {
                  @Override
                  public Validator getValidator() {
                    return validator;
                  }
                })
            .withMapping(TraceIngestConfig.class)
            .withConverter(Duration.class, 100, new DurationConverter())
            .withDefaultValues(values)
            .build();
    return config.getConfigMapping(TraceIngestConfig.class);
  }
}
