package io.strata.correlator.core.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TraceAccumulatorTest {

  /** Spans' values kept as they come, without sharing equal ones. */
  private static final SharedValues UNSHARED = SharedValues.none();

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");
  private static final Correlation GATEWAY = Correlation.builder().cluster("c1").build();
  private static final Correlation SERVER =
      Correlation.builder()
          .cluster("c1")
          .namespace("ml")
          .workload("chat")
          .pod("chat-0")
          .node("n1")
          .modelVersion("v1")
          .build();

  private static SpanSummary span(
      Stage stage,
      boolean root,
      long startMs,
      long millis,
      SpanStatus status,
      Correlation c,
      String gpu) {
    return new SpanSummary(
        "t1",
        "s" + startMs + stage,
        root ? null : "root",
        stage.name(),
        stage,
        root,
        SpanKind.INTERNAL,
        T.plusMillis(startMs),
        millis * 1_000_000,
        status,
        null,
        "svc",
        c,
        gpu,
        root ? 42L : null,
        T);
  }

  @Test
  void theRootSpanGivesTheDurationAndTheStagesAreSummed() {
    AssembledTrace trace =
        TraceAccumulator.of(null)
            .plus(span(Stage.QUEUE_WAIT, false, 0, 30, SpanStatus.OK, SERVER, null), UNSHARED)
            .plus(span(Stage.GPU_EXECUTE, false, 30, 100, SpanStatus.OK, SERVER, "GPU-1"), UNSHARED)
            .plus(span(Stage.GPU_EXECUTE, false, 130, 50, SpanStatus.OK, SERVER, "GPU-1"), UNSHARED)
            .plus(span(Stage.REQUEST, true, 0, 200, SpanStatus.OK, GATEWAY, null), UNSHARED)
            .assemble();

    assertThat(trace.traceId()).isEqualTo("t1");
    assertThat(trace.durationMillis()).isEqualTo(200.0);
    assertThat(trace.stage(Stage.GPU_EXECUTE)).isEqualTo(150.0);
    assertThat(trace.stage(Stage.QUEUE_WAIT)).isEqualTo(30.0);
    assertThat(trace.longestStage()).isEqualTo(Stage.GPU_EXECUTE);
    assertThat(trace.gpuUuid()).isEqualTo("GPU-1");
    assertThat(trace.correlation().workload()).isEqualTo("chat");
    assertThat(trace.correlation().node()).isEqualTo("n1");
    assertThat(trace.outputTokens()).isEqualTo(42L);
    assertThat(trace.error()).isFalse();
    assertThat(trace.start()).isEqualTo(T);
    assertThat(trace.attributable()).isTrue();
  }

  @Test
  void withoutARootSpanTheDurationIsTheSpansEnvelopeAndAnyErrorFailsTheRequest() {
    AssembledTrace trace =
        TraceAccumulator.of(null)
            .plus(span(Stage.MODEL_LOAD, false, 10, 500, SpanStatus.ERROR, SERVER, null), UNSHARED)
            .plus(span(Stage.BATCH_PREPARE, false, 510, 40, SpanStatus.OK, SERVER, null), UNSHARED)
            .assemble();

    assertThat(trace.durationMillis()).isEqualTo(540.0);
    assertThat(trace.start()).isEqualTo(T.plusMillis(10));
    assertThat(trace.error()).isTrue();
    assertThat(trace.longestStage()).isEqualTo(Stage.MODEL_LOAD);
  }

  @Test
  void mergingTwoSessionsEqualsSeeingAllSpansInOne() {
    SpanSummary a = span(Stage.QUEUE_WAIT, false, 0, 30, SpanStatus.OK, SERVER, null);
    SpanSummary b = span(Stage.GPU_EXECUTE, false, 30, 100, SpanStatus.OK, SERVER, "GPU-1");
    SpanSummary root = span(Stage.REQUEST, true, 0, 140, SpanStatus.OK, GATEWAY, null);

    AssembledTrace merged =
        TraceAccumulator.of(null)
            .plus(a, UNSHARED)
            .merge(TraceAccumulator.of(null).plus(b, UNSHARED).plus(root, UNSHARED))
            .assemble();
    AssembledTrace single =
        TraceAccumulator.of(null)
            .plus(a, UNSHARED)
            .plus(b, UNSHARED)
            .plus(root, UNSHARED)
            .assemble();

    assertThat(merged).isEqualTo(single);
  }

  @Test
  void aTraceWithoutWorkloadIsNotAttributable() {
    AssembledTrace trace =
        TraceAccumulator.of(null)
            .plus(span(Stage.REQUEST, true, 0, 10, SpanStatus.OK, GATEWAY, null), UNSHARED)
            .assemble();

    assertThat(trace.attributable()).isFalse();
    assertThat(trace.longestStage()).isEqualTo(Stage.UNSPECIFIED);
  }

  @Test
  void tracesOfOnePodShareOneCorrelationAndOneGpuId() {
    SharedValues shared = SharedValues.upTo(16);
    // Equal values decoded separately, as every span's are.
    Correlation copy = SERVER.withCluster("c1");
    String gpu = new String("GPU-1".toCharArray());

    TraceAccumulator first =
        TraceAccumulator.of(null)
            .plus(span(Stage.GPU_EXECUTE, false, 30, 100, SpanStatus.OK, SERVER, "GPU-1"), shared);
    TraceAccumulator second =
        TraceAccumulator.of(null)
            .plus(span(Stage.GPU_EXECUTE, false, 30, 100, SpanStatus.OK, copy, gpu), shared)
            .plus(span(Stage.QUEUE_WAIT, false, 0, 30, SpanStatus.OK, copy, null), shared);

    assertThat(copy).isEqualTo(SERVER).isNotSameAs(SERVER);
    assertThat(second.correlation()).isSameAs(first.correlation());
    assertThat(second.gpuUuid()).isSameAs(first.gpuUuid());
  }

  @Test
  void sharingChangesNoAssembledValue() {
    SpanSummary a = span(Stage.QUEUE_WAIT, false, 0, 30, SpanStatus.OK, SERVER, null);
    SpanSummary b = span(Stage.GPU_EXECUTE, false, 30, 0, SpanStatus.OK, SERVER, "GPU-1");
    SpanSummary root = span(Stage.REQUEST, true, 0, 140, SpanStatus.OK, GATEWAY, null);
    SharedValues shared = SharedValues.upTo(1);

    TraceAccumulator sharing =
        TraceAccumulator.of(null).plus(a, shared).plus(b, shared).plus(root, shared);
    TraceAccumulator plain =
        TraceAccumulator.of(null).plus(a, UNSHARED).plus(b, UNSHARED).plus(root, UNSHARED);

    assertThat(sharing).isEqualTo(plain);
    assertThat(sharing.assemble()).isEqualTo(plain.assemble());
    // A stage seen with 0 ns is present, unlike one never seen.
    assertThat(plain.assemble().stageMillis())
        .containsOnlyKeys(Stage.QUEUE_WAIT, Stage.GPU_EXECUTE)
        .containsEntry(Stage.GPU_EXECUTE, 0.0);
  }
}
