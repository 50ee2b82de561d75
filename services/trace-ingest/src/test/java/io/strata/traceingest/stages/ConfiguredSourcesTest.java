package io.strata.traceingest.stages;

import static io.strata.traceingest.stages.VllmSpans.integer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.proto.trace.v1.Span;
import io.strata.events.trace.Stage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** In-house servers configured as attribute sources, and what a bad entry says. */
class ConfiguredSourcesTest {

  private static final String PREFIX = "strata.trace-ingest.stage-sources.custom";

  @Test
  void aConfiguredSourceComesBeforeTheBuiltInOnesAndNamesItsStages() {
    ConfiguredSources.Custom acme =
        new ConfiguredSources.Custom(
            Optional.of(List.of("acme.infer")),
            Optional.empty(),
            DurationUnit.MILLISECONDS,
            Anchor.START,
            List.of("queue_wait=acme.queue_ms", "GPU_EXECUTE=acme.gpu_ms|acme.compute_ms"));
    StageSources sources =
        ConfiguredSources.build(List.of("vllm", "tgi"), Map.of("acme", acme), PREFIX);

    assertThat(sources.sources())
        .extracting(AttributeStageSource::family)
        .containsExactly("acme", "vllm", "tgi");
    Span span =
        Span.newBuilder()
            .setName("acme.infer")
            .setStartTimeUnixNano(1_000L)
            .setEndTimeUnixNano(1_000L + 900_000_000L)
            .addAttributes(integer("acme.queue_ms", 300))
            .addAttributes(integer("acme.compute_ms", 500))
            .build();
    assertThat(sources.derive(span))
        .containsExactly(
            new DerivedStage("acme.queue_wait", Stage.QUEUE_WAIT, 0L, 300_000_000L),
            new DerivedStage("acme.gpu_execute", Stage.GPU_EXECUTE, 300_000_000L, 500_000_000L));
    // Another span name is not acme's, even with the same attributes.
    assertThat(sources.derive(span.toBuilder().setName("other").build())).isEmpty();
  }

  @Test
  void builtInSourcesCanBeSwitchedOff() {
    StageSources none = ConfiguredSources.build(List.of(), Map.of(), PREFIX);

    assertThat(none.derive(VllmSpans.llmRequest(1, 0.25, 0.25, 0.25).build())).isEmpty();
  }

  @Test
  void aMalformedEntryIsRefusedNamingItsKey() {
    ConfiguredSources.Custom bad =
        new ConfiguredSources.Custom(
            Optional.empty(),
            Optional.empty(),
            DurationUnit.SECONDS,
            Anchor.END,
            List.of("prefill=acme.prefill_s"));

    assertThatThrownBy(() -> ConfiguredSources.build(List.of(), Map.of("acme", bad), PREFIX))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(PREFIX + ".acme.stages: 'prefill=acme.prefill_s' is not STAGE=key");
  }
}
