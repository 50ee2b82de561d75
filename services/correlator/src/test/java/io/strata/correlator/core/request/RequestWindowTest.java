package io.strata.correlator.core.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.strata.events.Correlation;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestWindowTest {

  private static final Instant START = Instant.parse("2026-11-30T10:00:00Z");
  private static final Instant END = START.plusSeconds(60);
  private static final Correlation CHAT =
      Correlation.builder()
          .cluster("c1")
          .namespace("ml")
          .workload("chat")
          .modelVersion("v1")
          .build();

  private static AssembledTrace trace(int n, double millis, boolean error, Long tokens) {
    return new AssembledTrace(
        "trace-" + n,
        CHAT.orElse(Correlation.builder().pod("chat-" + (n % 2)).node("n" + (n % 2)).build()),
        "GPU-" + (n % 2),
        START.plusMillis(n),
        millis,
        error,
        Map.of(Stage.QUEUE_WAIT, millis * 0.2, Stage.GPU_EXECUTE, millis * 0.8),
        Stage.GPU_EXECUTE,
        tokens);
  }

  private static RequestWindow window(int from, int to) {
    RequestWindow window = new RequestWindow();
    for (int i = from; i <= to; i++) {
      window.add(trace(i, i, i % 10 == 0, null), 90.0, 3);
    }
    return window;
  }

  @Test
  void percentilesComeFromTheHistogramWithinOnePercent() {
    WindowStats stats = window(1, 100).stats(START, END);

    assertThat(stats.requests()).isEqualTo(100);
    assertThat(stats.errors()).isEqualTo(10);
    assertThat(stats.errorRate()).isEqualTo(0.1);
    assertThat(stats.p50()).isCloseTo(50.0, within(0.5));
    assertThat(stats.p95()).isCloseTo(95.0, within(0.95));
    assertThat(stats.p99()).isCloseTo(99.0, within(0.99));
    assertThat(stats.stage(Stage.GPU_EXECUTE)).isCloseTo(76.0, within(0.76));
    assertThat(stats.stage(Stage.QUEUE_WAIT)).isCloseTo(19.0, within(0.19));
    // 1..90 ms meet the 90 ms SLO; the 9 errors among them do not count.
    assertThat(stats.withinSlo()).isEqualTo(81);
    assertThat(stats.effectiveThroughput(3)).isCloseTo(81 / 60.0 / 3, within(1e-9));
    assertThat(stats.exemplars())
        .extracting(AssembledTrace::traceId)
        .containsExactly("trace-100", "trace-99", "trace-98");
    assertThat(stats.nodes()).containsExactly("n0", "n1");
    assertThat(stats.correlation()).isEqualTo(CHAT);
  }

  @Test
  void outputTokensReplaceRequestsInEffectiveThroughputWhenSpansCarryThem() {
    RequestWindow window = new RequestWindow();
    window.add(trace(1, 10, false, 100L), 50.0, 3);
    window.add(trace(2, 20, false, 300L), 50.0, 3);
    window.add(trace(3, 80, false, 1000L), 50.0, 3);

    WindowStats stats = window.stats(START, END);

    assertThat(stats.outputTokensWithinSlo()).isEqualTo(400);
    assertThat(stats.effectiveThroughput(2)).isCloseTo(400 / 60.0 / 2, within(1e-9));
  }

  @Test
  void mergingWindowsEqualsAggregatingAllTheirRequests() {
    WindowStats merged = window(1, 60).merge(window(61, 100), 3).stats(START, END);
    WindowStats whole = window(1, 100).stats(START, END);

    assertThat(merged).isEqualTo(whole);
  }

  @Test
  void theSerdeRoundTripKeepsEveryCountAndPercentile() {
    RequestWindowSerde serde = new RequestWindowSerde();
    RequestWindow original = window(1, 100);

    byte[] bytes = serde.serializer().serialize("t", original);
    RequestWindow decoded = serde.deserializer().deserialize("t", bytes);

    assertThat(decoded.stats(START, END)).isEqualTo(original.stats(START, END));
    assertThat(bytes.length).isLessThan(4_000);
    assertThat(serde.deserializer().deserialize("t", null)).isNull();
    // A decoded window keeps aggregating.
    decoded.add(trace(101, 500, false, null), 90.0, 3);
    assertThat(decoded.stats(START, END).requests()).isEqualTo(101);
    assertThat(decoded.stats(START, END).exemplars().get(0).traceId()).isEqualTo("trace-101");
  }
}
