package io.strata.kafka.produce;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class RecordStamperTest {

  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
  private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String SPAN_ID = "00f067aa0ba902b7";

  private final RecordStamper stamper =
      new RecordStamper(
          "/strata/test",
          Clock.fixed(NOW, ZoneOffset.UTC),
          W3CTraceContextPropagator.getInstance());

  @Test
  void capturesTheCurrentTraceContextAsW3cTraceparent() {
    SpanContext span =
        SpanContext.create(TRACE_ID, SPAN_ID, TraceFlags.getSampled(), TraceState.getDefault());
    Map<String, String> captured;
    try (Scope scope = Span.wrap(span).storeInContext(Context.root()).makeCurrent()) {
      captured = stamper.captureTraceContext();
      assertThat(scope).isNotNull();
    }

    // The traceparent layout is W3C Trace Context level 1: version-traceid-parentid-flags.
    assertThat(captured)
        .containsExactly(Map.entry("traceparent", "00-" + TRACE_ID + "-" + SPAN_ID + "-01"));
  }

  @Test
  void outsideASpanNoTraceContextIsCaptured() {
    assertThat(stamper.captureTraceContext()).isEmpty();
  }

  @Test
  void aRecordCarriesCloudEventsHeadersAndTheCapturedContext() {
    ProducerRecord<String, byte[]> record =
        stamper.record(
            "strata.k8s.nodes.v1",
            EventType.NODE_STATE,
            "c1/n1",
            new byte[] {1},
            null,
            Map.of("traceparent", "00-" + TRACE_ID + "-" + SPAN_ID + "-01"));

    CloudEventMetadata metadata = CloudEventHeaders.read(record.headers()).orElseThrow();
    assertThat(metadata.source()).isEqualTo("/strata/test");
    assertThat(metadata.type()).isEqualTo("io.strata.node_state.v1");
    assertThat(metadata.subject()).isEqualTo("c1/n1");
    assertThat(metadata.time()).isEqualTo(NOW);
    assertThat(CloudEventHeaders.last(record.headers(), "traceparent"))
        .isEqualTo("00-" + TRACE_ID + "-" + SPAN_ID + "-01");
  }

  @Test
  void anEventsOwnTimeIsKept() {
    Instant observed = Instant.parse("2026-12-01T09:59:58Z");
    ProducerRecord<String, byte[]> record =
        stamper.record("t", EventType.NODE_STATE, "k", null, observed, Map.of());

    assertThat(CloudEventHeaders.read(record.headers()).orElseThrow().time()).isEqualTo(observed);
  }

  @Test
  void aGivenEventIdIsWrittenAsIsSoARerunRepeatsIt() {
    Instant updated = Instant.parse("2026-12-01T09:59:00Z");
    RecordHeaders first = new RecordHeaders();
    RecordHeaders rerun = new RecordHeaders();
    stamper.stamp(first, EventType.INCIDENT, "inc-1/3", "inc-1", updated, Map.of());
    stamper.stamp(rerun, EventType.INCIDENT, "inc-1/3", "inc-1", updated, Map.of());

    assertThat(CloudEventHeaders.read(first).orElseThrow())
        .isEqualTo(
            new CloudEventMetadata(
                "inc-1/3",
                "/strata/test",
                "io.strata.incident.v1",
                updated,
                "inc-1",
                "1.0",
                "application/json"))
        .isEqualTo(CloudEventHeaders.read(rerun).orElseThrow());
  }
}
