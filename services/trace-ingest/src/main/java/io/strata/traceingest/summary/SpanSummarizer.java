package io.strata.traceingest.summary;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.opentelemetry.proto.trace.v1.Status;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.traceingest.otlp.OtlpIds;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Turns an OTLP export request into span summaries: validates each span (invalid ones are counted
 * by reason, never published), maps its name to a stage and fills the correlation block from the
 * span's attributes, falling back to its resource's.
 */
public final class SpanSummarizer {

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final StageTable stages;
  private final AttributeKeys keys;
  private final int maxStatusMessageLength;

  public SpanSummarizer(StageTable stages, AttributeKeys keys, int maxStatusMessageLength) {
    this.stages = stages;
    this.keys = keys;
    this.maxStatusMessageLength = maxStatusMessageLength;
  }

  public SummaryBatch summarize(ExportTraceServiceRequest request, Instant receivedAt) {
    List<SpanSummary> summaries = new ArrayList<>(countSpans(request));
    Map<SpanRejection, Integer> rejections = new EnumMap<>(SpanRejection.class);
    for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
      Resource resource = resourceSpans.getResource();
      AttributeHits resourceHits = AttributeHits.scan(resource.getAttributesList(), keys);
      for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
        for (Span span : scopeSpans.getSpansList()) {
          SpanRejection rejection = validate(span);
          if (rejection != null) {
            rejections.merge(rejection, 1, Integer::sum);
          } else {
            summaries.add(summarize(span, resourceHits, receivedAt));
          }
        }
      }
    }
    return new SummaryBatch(summaries, rejections);
  }

  /** Spans in a request, counted before any work so admission can be decided up front. */
  public static int countSpans(ExportTraceServiceRequest request) {
    int count = 0;
    for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
      for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
        count += scopeSpans.getSpansCount();
      }
    }
    return count;
  }

  static SpanRejection validate(Span span) {
    if (!OtlpIds.validTraceId(span.getTraceId())) {
      return SpanRejection.INVALID_TRACE_ID;
    }
    if (!OtlpIds.validSpanId(span.getSpanId())) {
      return SpanRejection.INVALID_SPAN_ID;
    }
    if (!span.getParentSpanId().isEmpty() && !OtlpIds.validSpanId(span.getParentSpanId())) {
      return SpanRejection.INVALID_PARENT_SPAN_ID;
    }
    // fixed64 read as a signed long: past 2262 it turns negative, which is no real start time.
    if (span.getStartTimeUnixNano() <= 0) {
      return SpanRejection.INVALID_START_TIME;
    }
    if (span.getEndTimeUnixNano() < span.getStartTimeUnixNano()) {
      return SpanRejection.END_BEFORE_START;
    }
    return null;
  }

  private SpanSummary summarize(Span span, AttributeHits resource, Instant receivedAt) {
    AttributeHits own = AttributeHits.scan(span.getAttributesList(), keys);
    SpanKind kind = kind(span.getKind());
    boolean marksRequest =
        span.getParentSpanId().isEmpty()
            || kind == SpanKind.SERVER
            || stages.isRequestName(span.getName());
    long start = span.getStartTimeUnixNano();
    return new SpanSummary(
        OtlpIds.hex(span.getTraceId()),
        OtlpIds.hex(span.getSpanId()),
        span.getParentSpanId().isEmpty() ? null : OtlpIds.hex(span.getParentSpanId()),
        span.getName(),
        stages.stageOf(span.getName(), marksRequest),
        marksRequest,
        kind,
        Instant.ofEpochSecond(start / NANOS_PER_SECOND, start % NANOS_PER_SECOND),
        span.getEndTimeUnixNano() - start,
        status(span.getStatus()),
        statusMessage(span.getStatus()),
        AttributeHits.pick(CorrelationField.SERVICE_NAME, own, resource),
        correlation(own, resource),
        AttributeHits.pick(CorrelationField.GPU_UUID, own, resource),
        tokens(AttributeHits.pick(CorrelationField.OUTPUT_TOKENS, own, resource)),
        receivedAt);
  }

  private static Correlation correlation(AttributeHits span, AttributeHits resource) {
    return new Correlation(
        AttributeHits.pick(CorrelationField.CLUSTER, span, resource),
        AttributeHits.pick(CorrelationField.NODE, span, resource),
        AttributeHits.pick(CorrelationField.NAMESPACE, span, resource),
        AttributeHits.pick(CorrelationField.WORKLOAD, span, resource),
        AttributeHits.pick(CorrelationField.JOB, span, resource),
        AttributeHits.pick(CorrelationField.POD, span, resource),
        AttributeHits.pick(CorrelationField.CONTAINER, span, resource),
        AttributeHits.pick(CorrelationField.MODEL_VERSION, span, resource),
        AttributeHits.pick(CorrelationField.QUEUE, span, resource),
        AttributeHits.pick(CorrelationField.ACCELERATOR_TYPE, span, resource));
  }

  private String statusMessage(Status status) {
    String message = status.getMessage();
    if (message.isEmpty()) {
      return null;
    }
    return message.length() <= maxStatusMessageLength
        ? message
        : message.substring(0, maxStatusMessageLength);
  }

  /** A whole, non-negative count; anything else is not a token count and is left out. */
  static Long tokens(String text) {
    if (text == null) {
      return null;
    }
    try {
      long value = Long.parseLong(text);
      return value >= 0 ? value : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static SpanKind kind(Span.SpanKind kind) {
    return switch (kind) {
      case SPAN_KIND_INTERNAL -> SpanKind.INTERNAL;
      case SPAN_KIND_SERVER -> SpanKind.SERVER;
      case SPAN_KIND_CLIENT -> SpanKind.CLIENT;
      case SPAN_KIND_PRODUCER -> SpanKind.PRODUCER;
      case SPAN_KIND_CONSUMER -> SpanKind.CONSUMER;
      case SPAN_KIND_UNSPECIFIED, UNRECOGNIZED -> SpanKind.UNSPECIFIED;
    };
  }

  static SpanStatus status(Status status) {
    return switch (status.getCode()) {
      case STATUS_CODE_UNSET -> SpanStatus.UNSET;
      case STATUS_CODE_OK -> SpanStatus.OK;
      case STATUS_CODE_ERROR -> SpanStatus.ERROR;
      case UNRECOGNIZED -> SpanStatus.UNSPECIFIED;
    };
  }
}
