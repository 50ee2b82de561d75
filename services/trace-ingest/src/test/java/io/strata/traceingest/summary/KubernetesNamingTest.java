package io.strata.traceingest.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.Span;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import io.strata.traceingest.otlp.OtlpDecodeException;
import io.strata.traceingest.otlp.OtlpJson;
import io.strata.traceingest.stages.StageSources;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same span enriched by the Collector's k8s_attributes processor before v1.0 (plural label
 * names) and from v1.0 on (singular), or both during a dual-emission migration, is one summary.
 */
class KubernetesNamingTest {

  private static final Instant RECEIVED = Instant.parse("2026-12-07T09:00:00Z");
  private static final String QUEUE_LABEL = "kueue.x-k8s.io/queue-name";

  private final SpanSummarizer summarizer =
      new SpanSummarizer(
          StageTable.defaults(), StageSources.builtIn(), ConfigDefaultKeys.of(), 256);

  private static final SpanSummary EXPECTED =
      new SpanSummary(
          "0af7651916cd43dd8448eb211c80319c",
          "b7ad6b7169203331",
          null,
          "POST /v1/chat/completions",
          Stage.REQUEST,
          true,
          SpanKind.SERVER,
          Instant.parse("2025-11-30T10:00:00Z"),
          1_500_000_000L,
          SpanStatus.OK,
          null,
          "llama-vllm",
          new Correlation(
              "gpu-east",
              "gpu-node-17",
              "serving",
              "llama",
              null,
              "llama-7c9d-abcde",
              "vllm",
              "meta-llama/Llama-3.1-8B-Instruct",
              "inference-gold",
              "NVIDIA-H100-80GB-HBM3"),
          null,
          null,
          RECEIVED);

  @Test
  void thePluralNamesBeforeV1AndTheSingularOnesFromV1GiveTheSameSummary() throws Exception {
    List<SpanSummary> before = summaries(fixture("k8s_attributes_v0.json"));
    List<SpanSummary> after = summaries(fixture("k8s_attributes_v1.json"));

    assertThat(before).containsExactly(EXPECTED);
    assertThat(after).containsExactly(EXPECTED);
  }

  @Test
  void bothNamingsAtOnceDuringTheMigrationGiveTheSameSummary() throws Exception {
    ExportTraceServiceRequest v1 = fixture("k8s_attributes_v1.json");
    List<KeyValue> v0Resource =
        fixture("k8s_attributes_v0.json").getResourceSpans(0).getResource().getAttributesList();
    ExportTraceServiceRequest.Builder dual = v1.toBuilder();
    dual.getResourceSpansBuilder(0).getResourceBuilder().addAllAttributes(v0Resource);

    assertThat(summaries(dual.build())).containsExactly(EXPECTED);
  }

  @Test
  void aJobsQueueLabelCountsInEitherNamingButThePodsComesFirst() {
    assertThat(queueOf(label("k8s.job.labels." + QUEUE_LABEL, "batch-silver")))
        .isEqualTo("batch-silver");
    assertThat(queueOf(label("k8s.job.label." + QUEUE_LABEL, "batch-silver")))
        .isEqualTo("batch-silver");
    assertThat(
            queueOf(
                label("k8s.job.label." + QUEUE_LABEL, "batch-silver"),
                label("k8s.pod.labels." + QUEUE_LABEL, "inference-gold")))
        .isEqualTo("inference-gold");
  }

  @Test
  void aConfiguredKeyStillWinsOverALabelTheCollectorAdded() {
    Span span =
        span()
            .addAttributes(label("queue", "gold"))
            .addAttributes(label("gpu.type", "A100"))
            .build();
    Resource resource =
        Resource.newBuilder()
            .addAttributes(label("k8s.pod.label." + QUEUE_LABEL, "inference-gold"))
            .addAttributes(label("k8s.node.label.nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3"))
            .build();

    Correlation correlation = single(resource, span).correlation();

    assertThat(correlation.queue()).isEqualTo("gold");
    assertThat(correlation.acceleratorType()).isEqualTo("A100");
  }

  private String queueOf(KeyValue... resourceAttributes) {
    Resource resource = Resource.newBuilder().addAllAttributes(List.of(resourceAttributes)).build();
    return single(resource, span().build()).correlation().queue();
  }

  private SpanSummary single(Resource resource, Span span) {
    List<SpanSummary> summaries = summaries(SpanSummarizerTest.request(resource, span));
    assertThat(summaries).hasSize(1);
    return summaries.get(0);
  }

  private List<SpanSummary> summaries(ExportTraceServiceRequest request) {
    SummaryBatch batch = summarizer.summarize(request, RECEIVED);
    assertThat(batch.rejections()).isEmpty();
    return batch.summaries();
  }

  private static Span.Builder span() {
    return SpanSummarizerTest.span("b7ad6b7169203331", "", "POST /v1/chat/completions")
        .setKind(Span.SpanKind.SPAN_KIND_SERVER)
        .setEndTimeUnixNano(1_764_496_800_001_000_000L);
  }

  private static KeyValue label(String key, String value) {
    return SpanSummarizerTest.attr(key, value);
  }

  static ExportTraceServiceRequest fixture(String name) throws IOException {
    try (InputStream in = KubernetesNamingTest.class.getResourceAsStream("/otlp/" + name)) {
      return OtlpJson.parse(in.readAllBytes());
    } catch (OtlpDecodeException e) {
      throw new IOException(name + " is no OTLP JSON body", e);
    }
  }
}
