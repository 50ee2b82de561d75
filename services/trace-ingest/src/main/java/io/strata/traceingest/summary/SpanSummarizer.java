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
import io.strata.events.trace.Stage;
import io.strata.traceingest.otlp.OtlpIds;
import io.strata.traceingest.stages.DerivedSpanIds;
import io.strata.traceingest.stages.DerivedStage;
import io.strata.traceingest.stages.StageSources;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Turns an OTLP export request into span summaries: validates each span (invalid ones are counted
 * by reason, never published), maps its name to a stage and fills the correlation block from the
 * span's attributes, falling back to its resource's. A span whose server reports its stage timings
 * as attributes (vLLM, TGI, a configured source) also yields one derived summary per stage, a child
 * of that span with a deterministic id, so the correlator sees stages the same way for every
 * server.
 */
public final class SpanSummarizer {

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final StageTable stages;
  private final StageSources sources;
  private final AttributeKeys keys;
  private final int maxStatusMessageLength;

  /** Strata stage spans only, no attribute-based sources. */
  public SpanSummarizer(StageTable stages, AttributeKeys keys, int maxStatusMessageLength) {
    this(stages, StageSources.none(), keys, maxStatusMessageLength);
  }

  public SpanSummarizer(
      StageTable stages, StageSources sources, AttributeKeys keys, int maxStatusMessageLength) {
    this.stages = stages;
    this.sources = sources;
    this.keys = keys;
    this.maxStatusMessageLength = maxStatusMessageLength;
  }

  public SummaryBatch summarize(ExportTraceServiceRequest request, Instant receivedAt) {
    List<SpanSummary> summaries = new ArrayList<>(countSpans(request));
    int spans = 0;
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
            summarize(span, resourceHits, receivedAt, summaries);
            spans++;
          }
        }
      }
    }
    return new SummaryBatch(summaries, rejections, summaries.size() - spans);
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
    if (span.getParentSpanId().equals(span.getSpanId())) {
      return SpanRejection.SELF_PARENT;
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

  private void summarize(
      Span span, AttributeHits resource, Instant receivedAt, List<SpanSummary> out) {
    AttributeHits own = AttributeHits.scan(span.getAttributesList(), keys);
    SpanKind kind = kind(span.getKind());
    boolean marksRequest =
        span.getParentSpanId().isEmpty()
            || kind == SpanKind.SERVER
            || stages.isRequestName(span.getName());
    long start = span.getStartTimeUnixNano();
    Stage named = namedStage(span.getName());
    SpanSummary summary =
        new SpanSummary(
            OtlpIds.hex(span.getTraceId()),
            OtlpIds.hex(span.getSpanId()),
            span.getParentSpanId().isEmpty() ? null : OtlpIds.hex(span.getParentSpanId()),
            span.getName(),
            named != null ? named : stages.stageOf(span.getName(), marksRequest),
            marksRequest,
            kind,
            instant(start),
            span.getEndTimeUnixNano() - start,
            status(span.getStatus()),
            statusMessage(span.getStatus()),
            AttributeHits.pick(CorrelationField.SERVICE_NAME, own, resource),
            correlation(own, resource),
            AttributeHits.pick(CorrelationField.GPU_UUID, own, resource),
            tokens(AttributeHits.pick(CorrelationField.OUTPUT_TOKENS, own, resource)),
            receivedAt);
    out.add(summary);
    // A span named like a stage is that stage already; its attributes are not read again.
    if (named == null) {
      for (DerivedStage stage : sources.derive(span)) {
        out.add(derived(summary, start, stage));
      }
    }
  }

  /**
   * The stage a span's name makes it: the configured table first, so a configured stage or request
   * name wins over a built-in server's span name (vLLM's {@code Load model}); null for neither.
   */
  private Stage namedStage(String spanName) {
    if (stages.isStageName(spanName)) {
      return stages.stageOf(spanName, false);
    }
    return stages.isRequestName(spanName) ? null : sources.stageOfSpanName(spanName);
  }

  /**
   * One stage of a span that reported it as an attribute: a child of that span, same trace and
   * correlation, status UNSET (the source span carries the request's status), no token count (the
   * source span has it, so a trace counts its tokens once).
   */
  private static SpanSummary derived(SpanSummary source, long sourceStart, DerivedStage stage) {
    return new SpanSummary(
        source.traceId(),
        DerivedSpanIds.of(source.spanId(), stage.name()),
        source.spanId(),
        stage.name(),
        stage.stage(),
        false,
        SpanKind.INTERNAL,
        instant(sourceStart + stage.offsetNanos()),
        stage.durationNanos(),
        SpanStatus.UNSET,
        null,
        source.serviceName(),
        source.correlation(),
        source.gpuUuid(),
        null,
        source.receivedAt());
  }

  private static Instant instant(long unixNanos) {
    return Instant.ofEpochSecond(unixNanos / NANOS_PER_SECOND, unixNanos % NANOS_PER_SECOND);
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
