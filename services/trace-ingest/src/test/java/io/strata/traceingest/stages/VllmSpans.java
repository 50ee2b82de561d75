package io.strata.traceingest.stages;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.Span;
import io.strata.events.Correlation;

/**
 * Spans shaped like the ones vLLM's v1 engine exports (vllm/v1/engine/output_processor.py {@code
 * do_tracing}, attribute names from vllm/tracing.py {@code SpanAttributes}): one SERVER span {@code
 * llm_request} from the request's arrival, latencies as float seconds, token counts as ints.
 */
public final class VllmSpans {

  public static final String TRACE = "5b8efff798038103d269b633813fc60c";
  public static final String SPAN = "eee19b7ec3c1b174";
  public static final long START = 1_764_496_800_000_000_000L;

  private VllmSpans() {}

  /**
   * A request of {@code e2eSeconds} that queued, prefilled and decoded for the given seconds and
   * generated 128 tokens.
   */
  public static Span.Builder llmRequest(
      double e2eSeconds, double queueSeconds, double prefillSeconds, double decodeSeconds) {
    return Span.newBuilder()
        .setTraceId(ByteString.fromHex(TRACE))
        .setSpanId(ByteString.fromHex(SPAN))
        .setName("llm_request")
        .setKind(Span.SpanKind.SPAN_KIND_SERVER)
        .setStartTimeUnixNano(START)
        .setEndTimeUnixNano(START + Math.round(e2eSeconds * 1e9))
        .addAttributes(number("gen_ai.latency.time_to_first_token", queueSeconds + prefillSeconds))
        .addAttributes(number("gen_ai.latency.e2e", e2eSeconds))
        .addAttributes(number("gen_ai.latency.time_in_queue", queueSeconds))
        .addAttributes(integer("gen_ai.usage.prompt_tokens", 512))
        .addAttributes(integer("gen_ai.usage.completion_tokens", 128))
        .addAttributes(number("gen_ai.latency.time_in_model_prefill", prefillSeconds))
        .addAttributes(number("gen_ai.latency.time_in_model_decode", decodeSeconds))
        .addAttributes(
            number("gen_ai.latency.time_in_model_inference", prefillSeconds + decodeSeconds))
        .addAttributes(text("gen_ai.request.id", "chatcmpl-9f1c2a7e"))
        .addAttributes(number("gen_ai.request.top_p", 0.95))
        .addAttributes(integer("gen_ai.request.max_tokens", 256))
        .addAttributes(number("gen_ai.request.temperature", 0.7))
        .addAttributes(integer("gen_ai.request.n", 1));
  }

  /**
   * What trace-ingest reads from the tests' vLLM deployment: resource {@code gpu-east} / {@code
   * serving} / Deployment {@code llama}, pod {@code llama-7c9d-abcde}, model from {@code
   * gen_ai.response.model}.
   */
  public static Correlation servingCorrelation() {
    return Correlation.builder()
        .cluster("gpu-east")
        .namespace("serving")
        .workload("llama")
        .pod("llama-7c9d-abcde")
        .modelVersion("meta-llama/Llama-3.1-8B-Instruct")
        .build();
  }

  public static KeyValue number(String key, double value) {
    return KeyValue.newBuilder()
        .setKey(key)
        .setValue(AnyValue.newBuilder().setDoubleValue(value))
        .build();
  }

  public static KeyValue integer(String key, long value) {
    return KeyValue.newBuilder()
        .setKey(key)
        .setValue(AnyValue.newBuilder().setIntValue(value))
        .build();
  }

  public static KeyValue text(String key, String value) {
    return KeyValue.newBuilder()
        .setKey(key)
        .setValue(AnyValue.newBuilder().setStringValue(value))
        .build();
  }
}
