package io.strata.correlatorbench;

import io.strata.correlatorbench.FleetShape.Pod;
import io.strata.events.Correlation;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Six-span inference traces as trace-ingest publishes them (the shape of its OTLP load benchmark
 * and of the correlator's scenario fixtures): a SERVER root marking the request plus one INTERNAL
 * span per stage (queue.wait, model.load, batch.prepare, gpu.execute, response.encode) run back to
 * back, every span carrying the pod's correlation attributes and the execute span the GPU. Children
 * come first and the root last, as exporters send them when the request ends.
 */
final class TraceRecords {

  static final String SERVICE = "llm-server";

  /** Healthy stage timings in milliseconds, in order; the root adds 2 ms of its own. */
  private static final Stage[] STAGES = {
    Stage.QUEUE_WAIT,
    Stage.MODEL_LOAD,
    Stage.BATCH_PREPARE,
    Stage.GPU_EXECUTE,
    Stage.RESPONSE_ENCODE
  };

  private static final String[] NAMES = {
    "queue.wait", "model.load", "batch.prepare", "gpu.execute", "response.encode"
  };
  private static final long[] MILLIS = {20, 1, 10, 100, 5};

  private TraceRecords() {}

  /**
   * The spans of one healthy request served by {@code pod} on its GPU {@code slot}.
   *
   * @param traceNumber unique within the run; becomes the 32-hex trace id with {@code runPrefix}
   * @param jitter 0..1, stretches the execute stage by up to 10 % so windows have a spread
   */
  static List<SpanSummary> request(
      Pod pod, int slot, long runPrefix, long traceNumber, double jitter, Instant start) {
    // Random-looking like a real W3C trace id (sequential ids cluster in string hashes); unique per
    // run and number, since the mix is a bijection of the number.
    String traceId = String.format("%016x%016x", mix(runPrefix + traceNumber), mix(traceNumber));
    Correlation correlation = KubernetesRecords.correlation(pod);
    String rootId = spanId(traceNumber, 1);
    long[] nanos = new long[STAGES.length];
    long stagesTotal = 0;
    for (int i = 0; i < STAGES.length; i++) {
      nanos[i] = MILLIS[i] * 1_000_000L;
      if (STAGES[i] == Stage.GPU_EXECUTE) {
        nanos[i] += (long) (jitter * 10_000_000L);
      }
      stagesTotal += nanos[i];
    }
    long total = stagesTotal + 2_000_000L;
    // trace-ingest receives the batch a little after the request ended.
    Instant received = start.plusNanos(total).plusMillis(50);
    List<SpanSummary> spans = new ArrayList<>(STAGES.length + 1);
    Instant cursor = start.plusMillis(1);
    for (int i = 0; i < STAGES.length; i++) {
      spans.add(
          new SpanSummary(
              traceId,
              spanId(traceNumber, i + 2),
              rootId,
              NAMES[i],
              STAGES[i],
              false,
              SpanKind.INTERNAL,
              cursor,
              nanos[i],
              SpanStatus.OK,
              null,
              SERVICE,
              correlation,
              STAGES[i] == Stage.GPU_EXECUTE ? pod.gpus().get(slot) : null,
              null,
              received));
      cursor = cursor.plusNanos(nanos[i]);
    }
    spans.add(
        new SpanSummary(
            traceId,
            rootId,
            null,
            "POST /v1/completions",
            Stage.REQUEST,
            true,
            SpanKind.SERVER,
            start,
            total,
            SpanStatus.OK,
            null,
            SERVICE,
            correlation,
            null,
            128L,
            received));
    return spans;
  }

  /** When the request ends: the record timestamp of every one of its spans. */
  static Instant end(List<SpanSummary> spans) {
    SpanSummary root = spans.get(spans.size() - 1);
    return root.start().plusNanos(root.durationNanos());
  }

  private static String spanId(long traceNumber, int n) {
    return String.format("%014x%02x", traceNumber & 0xffffffffffffffL, n);
  }

  /** SplitMix64's finaliser: a bijection of 64-bit values whose outputs look random. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
