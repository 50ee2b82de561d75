package io.strata.correlator.streams.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.OpenTrace;
import io.strata.correlator.core.request.SharedValues;
import io.strata.correlator.core.request.TimedTrace;
import io.strata.correlator.core.request.TraceAccumulator;
import io.strata.correlator.core.request.VersionRequests;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceCodecsTest {

  /** Spans' values kept as they come, without sharing equal ones. */
  private static final SharedValues UNSHARED = SharedValues.none();

  private static final Correlation WHO =
      Correlation.builder()
          .cluster("c1")
          .namespace("ml")
          .workload("chat")
          .pod("chat-0")
          .node("node-1")
          .modelVersion("v4")
          .build();

  @Test
  void anOpenTraceDecodesToExactlyWhatWasEncoded() {
    TraceAccumulator trace =
        TraceAccumulator.of(null)
            .plus(span(Stage.GPU_EXECUTE, false, 730, "GPU-1", 128L), UNSHARED)
            .plus(span(Stage.REQUEST, true, 800, null, null), UNSHARED);
    OpenTrace open = new OpenTrace(trace, 1_700_000_000_123L, 1_700_000_000_100L);
    BinarySerde<OpenTrace> serde = TraceCodecs.openTraces();

    byte[] bytes = serde.serializer().serialize("t", open);

    assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(open);
    assertThat(bytes.length).isLessThan(200);
  }

  @Test
  void anAssembledTraceDecodesToExactlyWhatWasEncoded() {
    AssembledTrace trace =
        new AssembledTrace(
            "0af7651916cd43dd8448eb211c80319c",
            WHO,
            "GPU-1",
            Instant.parse("2026-12-01T10:00:00.123456789Z"),
            812.5,
            true,
            Map.of(Stage.QUEUE_WAIT, 12.0, Stage.GPU_EXECUTE, 730.25),
            Stage.GPU_EXECUTE,
            128L);
    BinarySerde<AssembledTrace> serde = TraceCodecs.assembled();

    assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", trace)))
        .isEqualTo(trace);
    assertThat(serde.serializer().serialize("t", null)).isNull();
  }

  @Test
  void aVersionsRequestsDecodeWithEachOnesOwnTimestampInOrder() {
    VersionRequests batch =
        new VersionRequests(
            List.of(
                new TimedTrace(
                    assembled("0af7651916cd43dd8448eb211c80319c", 812.5), 1_700_000_000_100L),
                new TimedTrace(
                    assembled("4bf92f3577b34da6a3ce929d0e0e4736", 97.0), 1_700_000_000_050L)));
    BinarySerde<VersionRequests> serde = TraceCodecs.versionRequests();

    byte[] bytes = serde.serializer().serialize("t", batch);
    VersionRequests back = serde.deserializer().deserialize("t", bytes);

    assertThat(bytes[0]).isEqualTo((byte) 2);
    assertThat(back).isEqualTo(batch);
    assertThat(back.traces())
        .extracting(TimedTrace::timestamp)
        .containsExactly(1_700_000_000_100L, 1_700_000_000_050L);
  }

  @Test
  void anUnknownRequestsFormatVersionIsRefusedWithAReason() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> TraceCodecs.versionRequests().deserializer().deserialize("t", new byte[] {9}))
        .withMessageContaining("format version 9, expected 2");
  }

  @Test
  void anUnknownFormatVersionIsRefusedWithAReason() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> TraceCodecs.assembled().deserializer().deserialize("t", new byte[] {9}))
        .withMessageContaining("format version 9, expected 1");
  }

  private static AssembledTrace assembled(String traceId, double millis) {
    return new AssembledTrace(
        traceId,
        WHO,
        "GPU-1",
        Instant.parse("2026-12-01T10:00:00.123456789Z"),
        millis,
        false,
        Map.of(Stage.GPU_EXECUTE, millis - 10),
        Stage.GPU_EXECUTE,
        128L);
  }

  private static SpanSummary span(
      Stage stage, boolean root, long millis, String gpu, Long outputTokens) {
    return new SpanSummary(
        "0af7651916cd43dd8448eb211c80319c",
        root ? "00f067aa0ba902b7" : "00f067aa0ba902b8",
        root ? null : "00f067aa0ba902b7",
        stage.name().toLowerCase(),
        stage,
        root,
        root ? SpanKind.SERVER : SpanKind.INTERNAL,
        Instant.parse("2026-12-01T10:00:00Z"),
        millis * 1_000_000L,
        SpanStatus.OK,
        null,
        "inference",
        WHO,
        gpu,
        outputTokens,
        Instant.parse("2026-12-01T10:00:00Z"));
  }
}
