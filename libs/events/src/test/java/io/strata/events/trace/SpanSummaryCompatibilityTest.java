package io.strata.events.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Records written before output_tokens existed, and derived stage summaries, still read. */
class SpanSummaryCompatibilityTest {

  @Test
  void aSummaryWithoutOutputTokensReadsWithNone() {
    String old =
        """
        {"trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","span_id":"00f067aa0ba902b7",
         "name":"gpu.execute","stage":"GPU_EXECUTE","root":false,"kind":"INTERNAL",
         "start":"2026-11-30T10:00:00Z","duration_nanos":478000000,"status":"OK"}
        """;

    SpanSummary summary = read(old);

    assertThat(summary.outputTokens()).isNull();
    assertThat(summary.stage()).isEqualTo(Stage.GPU_EXECUTE);
    assertThat(summary.start()).isEqualTo(Instant.parse("2026-11-30T10:00:00Z"));
  }

  @Test
  void aVllmRequestSummaryCarriesItsCompletionTokens() {
    String vllm =
        """
        {"trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","span_id":"00f067aa0ba902b7",
         "name":"llm_request","stage":"REQUEST","root":true,"kind":"SERVER",
         "start":"2026-11-30T10:00:00Z","duration_nanos":2000000000,"status":"UNSET",
         "output_tokens":128}
        """;

    assertThat(read(vllm).outputTokens()).isEqualTo(128L);
  }

  private static SpanSummary read(String json) {
    return Topics.TRACE_SPANS
        .valueSerde()
        .deserializer()
        .deserialize(Topics.TRACE_SPANS.name(), json.getBytes(StandardCharsets.UTF_8));
  }
}
