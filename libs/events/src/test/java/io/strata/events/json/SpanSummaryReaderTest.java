package io.strata.events.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The span topic's fast reader against data binding as the oracle (ADR 043). */
class SpanSummaryReaderTest {

  private final BindingOracle<SpanSummary> oracle =
      new BindingOracle<>(
          SpanSummary.class,
          Topics.TRACE_SPANS.valueSerde().deserializer(),
          new SpanSummaryReader());

  static SpanSummary everyField() {
    return new SpanSummary(
        "4bf92f3577b34da6a3ce929d0e0e4736",
        "00f067aa0ba902b7",
        "a3ce929d0e0e4736",
        "llm_request",
        Stage.GPU_EXECUTE,
        true,
        SpanKind.SERVER,
        Instant.parse("2026-12-03T07:00:00.123456Z"),
        812_500_000L,
        SpanStatus.ERROR,
        "CUDA error: an illegal memory access was encountered",
        "vllm",
        new Correlation(
            "prod-east", "gpu-node-7", "ml", "llm", "job-1", "llm-0", "vllm", "v2", "q-a", "H100"),
        "GPU-5fd3b2c4-0d5e-4f0e-9a51-2f6d7f1b9e01",
        512L,
        Instant.parse("2026-12-03T07:00:01Z"));
  }

  static SpanSummary sparse() {
    return new SpanSummary(
        "t", "s", null, null, null, false, null, null, 0, null, null, null, null, null, null, null);
  }

  private static byte[] json(SpanSummary span) throws IOException {
    return StrataJson.mapper().writeValueAsBytes(span);
  }

  @Test
  void readsWhatTraceIngestWritesWithoutDeferring() throws IOException {
    for (SpanSummary span : List.of(everyField(), sparse())) {
      assertThat(oracle.fastOrNull(json(span)))
          .isEqualTo(span)
          .isEqualTo(oracle.binding(json(span)));
    }
  }

  @Test
  void defersWhatOnlyBindingKnowsHowToRead() {
    String base = "{\"trace_id\":\"t\",\"span_id\":\"s\"";
    List<String> unusual =
        List.of(
            base + ",\"stage\":\"A_STAGE_FROM_LATER\"}", // read as UNSPECIFIED
            base + ",\"root\":null}", // a null primitive reads as false
            base + ",\"duration_nanos\":1.5}", // a float truncated
            base + ",\"output_tokens\":\"12\"}", // a number as text
            base + ",\"correlation\":{\"cluster\":1}}", // a number as text, one level down
            base + ",\"trace_id\":\"u\"}"); // given twice
    for (String document : unusual) {
      byte[] bytes = document.getBytes(StandardCharsets.UTF_8);
      assertThat(oracle.fastOrNull(bytes)).as(document).isNull();
      assertThat(oracle.topic(bytes)).as(document).isEqualTo(oracle.binding(bytes));
    }
  }

  /** 30,000 mutations of trace-ingest's documents: the topic's serde decides as binding does. */
  @Test
  void decidesEveryFuzzedDocumentAsBindingDoes() throws IOException {
    int readFast =
        oracle.assertSameDecisions(List.of(json(everyField()), json(sparse())), 30_000, 7L);

    // The fast path itself read thousands of them (2,987 with this seed), not only the fallback.
    assertThat(readFast).isGreaterThan(2_000);
  }
}
