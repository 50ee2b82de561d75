package io.strata.events.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;

/**
 * Reads a {@link SpanSummary} as trace-ingest writes it, on Jackson's streaming parser: six or more
 * per traced request, the correlator's most numerous input. The same rules as {@link
 * DeviceSampleReader} (ADR 043): one certain form per property, anything else deferred to binding.
 */
public final class SpanSummaryReader implements FastJsonReader<SpanSummary> {

  /** {@link Correlation}'s components in order. */
  private static final String[] CORRELATION = {
    "cluster",
    "node",
    "namespace",
    "workload",
    "job",
    "pod",
    "container",
    "model_version",
    "queue",
    "accelerator_type"
  };

  private static final Map<String, Stage> STAGES = Tokens.names(Stage.class);
  private static final Map<String, SpanKind> KINDS = Tokens.names(SpanKind.class);
  private static final Map<String, SpanStatus> STATUSES = Tokens.names(SpanStatus.class);

  @Override
  public SpanSummary readOrDefer(JsonParser p) throws IOException {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    String traceId = null;
    String spanId = null;
    String parentSpanId = null;
    String name = null;
    Stage stage = null;
    boolean root = false; // binding's value for an absent primitive
    SpanKind kind = null;
    Instant start = null;
    long durationNanos = 0;
    SpanStatus status = null;
    String statusMessage = null;
    String serviceName = null;
    Correlation correlation = null;
    String gpuUuid = null;
    Long outputTokens = null;
    Instant receivedAt = null;
    int seen = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      String property = p.currentName();
      JsonToken value = p.nextToken();
      int bit;
      switch (property) {
        case "trace_id" -> {
          bit = 1;
          traceId = Tokens.string(p, value);
        }
        case "span_id" -> {
          bit = 1 << 1;
          spanId = Tokens.string(p, value);
        }
        case "parent_span_id" -> {
          bit = 1 << 2;
          parentSpanId = Tokens.string(p, value);
        }
        case "name" -> {
          bit = 1 << 3;
          name = Tokens.string(p, value);
        }
        case "stage" -> {
          bit = 1 << 4;
          stage = Tokens.constant(p, value, STAGES);
        }
        case "root" -> {
          bit = 1 << 5;
          root = Tokens.bool(value);
        }
        case "kind" -> {
          bit = 1 << 6;
          kind = Tokens.constant(p, value, KINDS);
        }
        case "start" -> {
          bit = 1 << 7;
          start = Tokens.instant(p, value);
        }
        case "duration_nanos" -> {
          bit = 1 << 8;
          durationNanos = Tokens.wholeNumber(p, value);
        }
        case "status" -> {
          bit = 1 << 9;
          status = Tokens.constant(p, value, STATUSES);
        }
        case "status_message" -> {
          bit = 1 << 10;
          statusMessage = Tokens.string(p, value);
        }
        case "service_name" -> {
          bit = 1 << 11;
          serviceName = Tokens.string(p, value);
        }
        case "correlation" -> {
          bit = 1 << 12;
          correlation = correlation(Tokens.strings(p, value, CORRELATION));
        }
        case "gpu_uuid" -> {
          bit = 1 << 13;
          gpuUuid = Tokens.string(p, value);
        }
        case "output_tokens" -> {
          bit = 1 << 14;
          outputTokens = value == JsonToken.VALUE_NULL ? null : Tokens.wholeNumber(p, value);
        }
        case "received_at" -> {
          bit = 1 << 15;
          receivedAt = Tokens.instant(p, value);
        }
        default -> throw Defer.INSTANCE; // unknown: see DeviceSampleReader
      }
      if ((seen & bit) != 0) {
        throw Defer.INSTANCE;
      }
      seen |= bit;
    }
    return new SpanSummary(
        traceId,
        spanId,
        parentSpanId,
        name,
        stage,
        root,
        kind,
        start,
        durationNanos,
        status,
        statusMessage,
        serviceName,
        correlation,
        gpuUuid,
        outputTokens,
        receivedAt);
  }

  private static Correlation correlation(String[] v) {
    return v == null
        ? null
        : new Correlation(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
  }
}
