package io.strata.traceingest.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidator;
import io.strata.traceingest.stages.Anchor;
import io.strata.traceingest.stages.DurationUnit;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.time.Duration;
import java.util.Map;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.Test;

/** How the stage-source keys read, through SmallRye Config's own mapping (no Quarkus). */
class StageSourcesConfigTest {

  @Test
  void defaultsEnableBothBuiltInServersAndNoCustomSource() {
    TraceIngestConfig.StageSources sources = mapped(Map.of()).stageSources();

    assertThat(sources.builtIn()).containsExactly("vllm", "tgi");
    assertThat(sources.custom()).isEmpty();
  }

  @Test
  void aCustomSourceReadsKebabCaseUnitsAndAnchorsAndItsStageList() {
    TraceIngestConfig.CustomSource tgiLike =
        mapped(
                Map.of(
                    "strata.trace-ingest.stage-sources.custom.router.unit", "rust-debug",
                    "strata.trace-ingest.stage-sources.custom.router.anchor", "end",
                    "strata.trace-ingest.stage-sources.custom.router.stages",
                        "queue_wait=router.queue,gpu_execute=router.infer|router.compute"))
            .stageSources()
            .custom()
            .get("router");

    assertThat(tgiLike.unit()).isEqualTo(DurationUnit.RUST_DEBUG);
    assertThat(tgiLike.anchor()).isEqualTo(Anchor.END);
    assertThat(tgiLike.stages())
        .containsExactly("queue_wait=router.queue", "gpu_execute=router.infer|router.compute");
    assertThat(tgiLike.spanNames()).isEmpty();
  }

  @Test
  void aMalformedStageEntryFailsValidationNamingItsKey() {
    assertThatThrownBy(
            () ->
                mapped(
                    Map.of(
                        "strata.trace-ingest.stage-sources.custom.router.stages",
                        "prefill=router.prefill_s")))
        .isInstanceOf(ConfigValidationException.class)
        // The path names the source and the entry (SmallRye spells the group in camel case here).
        .hasMessageContaining("custom.router.stages[0] must match");
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
            // Quarkus' converter for the mapping's "8s"-style durations.
            .withConverter(Duration.class, 100, new DurationConverter())
            .withDefaultValues(values)
            .build();
    return config.getConfigMapping(TraceIngestConfig.class);
  }
}
