package io.strata.correlator.streams;

import static io.strata.correlator.streams.Scenario.at;
import static io.strata.correlator.streams.Scenario.healthy;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.VersionRequests;
import io.strata.correlator.streams.speed.TraceCodecs;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Requests completed in one sweep of the trace assembler cross each repartition as one record per
 * destination key, each request with its own timestamp (ADR 040).
 */
class SweepBatchingTopologyTest {

  private static final String APP = "correlator-scenario";
  private static final Scenario.Server SERVE_0 =
      new Scenario.Server("serve", "serve-0", "n1", "GPU-1", "v1");
  private static final Scenario.Server SERVE_1 =
      new Scenario.Server("serve", "serve-1", "n1", "GPU-2", "v1");
  private static final Scenario.Server SERVE_NEXT =
      new Scenario.Server("serve", "serve-2", "n2", "GPU-3", "v2");
  private static final Scenario.Server CHAT =
      new Scenario.Server("chat", "chat-0", "n2", "GPU-4", "v1");

  /** healthy(): 135 ms of stages plus 2 ms: every span of a request is stamped start + 137 ms. */
  private static final long TOOK = 137;

  private final Scenario scenario = new Scenario();
  private final TestOutputTopic<String, NodeInput> nodeInputs =
      scenario.driver.createOutputTopic(
          APP + "-node-inputs-repartition",
          new StringDeserializer(),
          new NodeInputSerde().deserializer());
  private final TestOutputTopic<String, VersionRequests> requests =
      scenario.driver.createOutputTopic(
          APP + "-requests-by-workload-version-repartition",
          new StringDeserializer(),
          TraceCodecs.versionRequests().deserializer());

  @AfterEach
  void close() {
    scenario.close();
  }

  @Test
  void fiveRequestsOfOneSweepAreTwoNodeRecordsAndThreeVersionRecords() {
    String a1 = scenario.request(SERVE_0, at(0), healthy(), false);
    String a2 = scenario.request(SERVE_0, at(0).plusMillis(100), healthy(), false);
    String b1 = scenario.request(SERVE_1, at(0).plusMillis(200), healthy(), false);
    String c1 = scenario.request(SERVE_NEXT, at(0).plusMillis(300), healthy(), false);
    String d1 = scenario.request(CHAT, at(0).plusMillis(400), healthy(), false);
    assertThat(nodeInputs.isEmpty()).isTrue();
    assertThat(requests.isEmpty()).isTrue();

    // Span time moves 5 s on: one sweep completes the five (the sixth request stays open).
    scenario.request(SERVE_0, at(5), healthy(), false);

    assertThat(nodeInputs.readRecordsToList().stream().map(SweepBatchingTopologyTest::node))
        .containsExactly(
            "c1/n1@" + end(200) + " GPU-1:" + a1 + " GPU-1:" + a2 + " GPU-2:" + b1,
            "c1/n2@" + end(400) + " GPU-3:" + c1 + " GPU-4:" + d1);
    assertThat(requests.readRecordsToList().stream().map(SweepBatchingTopologyTest::version))
        .containsExactly(
            "c1/ml/serve|v1@"
                + end(200)
                + " "
                + a1
                + "@"
                + end(0)
                + " "
                + a2
                + "@"
                + end(100)
                + " "
                + b1
                + "@"
                + end(200),
            "c1/ml/serve|v2@" + end(300) + " " + c1 + "@" + end(300),
            "c1/ml/chat|v1@" + end(400) + " " + d1 + "@" + end(400));
  }

  @Test
  void eachRequestOfABatchIsKeptInTheWindowStoreAtItsOwnTime() {
    String a1 = scenario.request(SERVE_0, at(0), healthy(), false);
    String a2 = scenario.request(SERVE_0, at(0).plusMillis(100), healthy(), false);
    String b1 = scenario.request(SERVE_1, at(0).plusMillis(200), healthy(), false);
    scenario.request(SERVE_0, at(5), healthy(), false);

    WindowStore<String, AssembledTrace> slices =
        scenario.driver.getWindowStore(StoreNames.REQUEST_SLICES);
    List<String> kept = new ArrayList<>();
    try (WindowStoreIterator<AssembledTrace> all = slices.fetch("c1/ml/serve|v1", at(0), at(1))) {
      all.forEachRemaining(e -> kept.add(e.value.traceId() + "@" + e.key));
    }
    assertThat(kept).containsExactly(a1 + "@" + end(0), a2 + "@" + end(100), b1 + "@" + end(200));
  }

  /** The time every span of a request started {@code offsetMillis} after at(0) is stamped with. */
  private static long end(long offsetMillis) {
    return at(0).plusMillis(offsetMillis + TOOK).toEpochMilli();
  }

  private static String node(TestRecord<String, NodeInput> record) {
    StringBuilder out = new StringBuilder(record.key() + "@" + record.timestamp());
    for (NodeInput.Trace trace : ((NodeInput.Traces) record.value()).traces()) {
      out.append(' ').append(trace.gpuUuid()).append(':').append(trace.trace().traceId());
    }
    return out.toString();
  }

  private static String version(TestRecord<String, VersionRequests> record) {
    StringBuilder out = new StringBuilder(record.key() + "@" + record.timestamp());
    record
        .value()
        .traces()
        .forEach(
            t -> out.append(' ').append(t.trace().traceId()).append('@').append(t.timestamp()));
    return out.toString();
  }
}
