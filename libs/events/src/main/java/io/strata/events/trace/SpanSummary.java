package io.strata.events.trace;

import io.strata.events.Correlation;
import java.time.Instant;

/**
 * One span reduced to what correlation needs. Key: trace_id (all spans of a trace share a
 * partition). High-cardinality attributes (prompts, tenant ids, URLs) are not copied here.
 *
 * @param traceId 32 lowercase hex characters
 * @param spanId 16 lowercase hex characters
 * @param parentSpanId null for a root span
 * @param root true for the span that marks the request (no parent, or the entry SERVER span)
 * @param serviceName the resource's service.name
 * @param gpuUuid the GPU that executed the work, when the span says
 * @param name the span's name; {@code <family>.<stage>} (vllm.queue, vllm.decode, ...) for a stage
 *     trace-ingest derived from a server's span attributes
 * @param outputTokens generated tokens, when the span reports them (gen_ai.usage.output_tokens, or
 *     vLLM's gen_ai.usage.completion_tokens); null on derived stage summaries and in old records
 */
public record SpanSummary(
    String traceId,
    String spanId,
    String parentSpanId,
    String name,
    Stage stage,
    boolean root,
    SpanKind kind,
    Instant start,
    long durationNanos,
    SpanStatus status,
    String statusMessage,
    String serviceName,
    Correlation correlation,
    String gpuUuid,
    Long outputTokens,
    Instant receivedAt) {

  public SpanSummary {
    stage = stage == null ? Stage.UNSPECIFIED : stage;
    kind = kind == null ? SpanKind.UNSPECIFIED : kind;
    status = status == null ? SpanStatus.UNSPECIFIED : status;
    correlation = correlation == null ? Correlation.empty() : correlation;
  }

  public double durationMillis() {
    return durationNanos / 1_000_000.0;
  }
}
