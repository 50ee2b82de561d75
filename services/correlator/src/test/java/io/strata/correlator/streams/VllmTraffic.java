package io.strata.correlator.streams;

import io.strata.events.Correlation;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanKind;
import io.strata.events.trace.SpanStatus;
import io.strata.events.trace.SpanSummary;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.TestInputTopic;

/**
 * Requests of a vLLM server as trace-ingest publishes them: the {@code llm_request} REQUEST summary
 * (with the completion token count) followed by its derived {@code vllm.queue}, {@code
 * vllm.prefill} and {@code vllm.decode} children, which end where the request ends. No GPU UUID:
 * vLLM's span carries none, so the serving GPU comes from the pod.
 */
final class VllmTraffic {

  /** Request parsing and tokenisation before the queue: in the span, in no stage. */
  static final long FRONT_MS = 20;

  static final long TOKENS = 128;

  record Timings(long queueMs, long prefillMs, long decodeMs) {
    long totalMs() {
      return FRONT_MS + queueMs + prefillMs + decodeMs;
    }
  }

  static Timings healthy() {
    return new Timings(10, 30, 100);
  }

  private final TestInputTopic<String, SpanSummary> spans;
  private long traces;

  VllmTraffic(Scenario scenario) {
    spans =
        scenario.driver.createInputTopic(
            Topics.TRACE_SPANS.name(),
            Topics.TRACE_SPANS.keySerde().serializer(),
            Topics.TRACE_SPANS.valueSerde().serializer());
  }

  void traffic(
      Instant from,
      Instant to,
      Duration every,
      Scenario.Server server,
      java.util.function.Function<Instant, Timings> timings) {
    for (Instant t = from; t.isBefore(to); t = t.plus(every)) {
      request(server, t, timings.apply(t));
    }
  }

  private void request(Scenario.Server server, Instant start, Timings t) {
    String traceId = String.format("%032x", 0xf000_0000L + ++traces);
    Correlation correlation =
        Correlation.builder()
            .cluster(Scenario.CLUSTER)
            .namespace(Scenario.NS)
            .workload(server.workload())
            .pod(server.pod())
            .node(server.node())
            .modelVersion(server.modelVersion())
            .build();
    String requestId = "00000000000000a1";
    Instant end = start.plusMillis(t.totalMs());
    SpanSummary request =
        new SpanSummary(
            traceId,
            requestId,
            null,
            "llm_request",
            Stage.REQUEST,
            true,
            SpanKind.SERVER,
            start,
            t.totalMs() * 1_000_000L,
            SpanStatus.UNSET,
            null,
            "vllm",
            correlation,
            null,
            TOKENS,
            end);
    Instant queueStart = start.plusMillis(FRONT_MS);
    Instant prefillStart = queueStart.plusMillis(t.queueMs());
    Instant decodeStart = prefillStart.plusMillis(t.prefillMs());
    List<SpanSummary> all =
        List.of(
            request,
            stage(
                request,
                "00000000000000b1",
                "vllm.queue",
                Stage.QUEUE_WAIT,
                queueStart,
                t.queueMs()),
            stage(
                request,
                "00000000000000b2",
                "vllm.prefill",
                Stage.GPU_EXECUTE,
                prefillStart,
                t.prefillMs()),
            stage(
                request,
                "00000000000000b3",
                "vllm.decode",
                Stage.GPU_EXECUTE,
                decodeStart,
                t.decodeMs()));
    all.forEach(span -> spans.pipeInput(traceId, span, end));
  }

  private static SpanSummary stage(
      SpanSummary request, String spanId, String name, Stage stage, Instant start, long millis) {
    return new SpanSummary(
        request.traceId(),
        spanId,
        request.spanId(),
        name,
        stage,
        false,
        SpanKind.INTERNAL,
        start,
        millis * 1_000_000L,
        SpanStatus.UNSET,
        null,
        request.serviceName(),
        request.correlation(),
        null,
        null,
        request.receivedAt());
  }
}
