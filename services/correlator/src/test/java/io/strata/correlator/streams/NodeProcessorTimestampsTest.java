package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.streams.speed.NodeCodecs;
import io.strata.events.device.HealthStatus;
import io.strata.events.k8s.PodPhase;
import io.strata.events.topic.Keys;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/**
 * The timestamps of what the node side forwards for an XID judged ahead of a sample backlog (ADR
 * 039): the device-incident side gets the XID's own time (the incident opens at it), the workload
 * side no later than the node side's stream time, so its windows and quiet periods keep the time of
 * the backlog it has been given.
 */
class NodeProcessorTimestampsTest {

  private static final String NODE = "n1";
  private static final String GPU = "GPU-1";
  private static final String NODE_KEY = RoutingKeys.node(Scenario.CLUSTER, NODE);
  private static final long BACKLOG = Scenario.T0.toEpochMilli();
  private static final long XID_TIME = Scenario.T0.plusSeconds(120).toEpochMilli();

  private final MockProcessorContext<String, Routed> context = new MockProcessorContext<>();
  private final NodeProcessor processor =
      new NodeProcessor(Scenario.settings(), new CorrelatorMetrics(new SimpleMeterRegistry()));

  NodeProcessorTimestampsTest() {
    MockStores.add(context, StoreNames.NODES, CorrelatorTopology.json(NodeView.class));
    MockStores.add(context, StoreNames.NODE_GPUS, NodeCodecs.gpuViews());
    MockStores.add(context, StoreNames.NODE_EXEMPLARS, NodeCodecs.gpuExemplars());
    processor.init(context);
  }

  @Test
  void anXidAheadOfTheBacklogOpensAtItsOwnTimeAndTellsTheWorkloadAtTheNodeSidesTime() {
    podAndSampleJudgedAt(BACKLOG);

    // The decode step restored the XID's event time; the samples after BACKLOG are still queued.
    context.setCurrentStreamTimeMs(BACKLOG);
    processor.process(xidRecord());

    assertThat(forwards())
        .containsExactly(
            "ToWorkload@" + BACKLOG, "ToDeviceIncidents@" + XID_TIME, "ToWorkload@" + BACKLOG);
  }

  @Test
  void withoutABacklogEverythingKeepsTheXidsTime() {
    podAndSampleJudgedAt(XID_TIME + 500);

    context.setCurrentStreamTimeMs(XID_TIME + 500);
    processor.process(xidRecord());

    assertThat(forwards())
        .containsExactly(
            "ToWorkload@" + XID_TIME, "ToDeviceIncidents@" + XID_TIME, "ToWorkload@" + XID_TIME);
  }

  /** The GPU's pod and one sample, as the node side judged them before the XID. */
  private void podAndSampleJudgedAt(long time) {
    context.setCurrentStreamTimeMs(time);
    processor.process(
        new Record<>(
            NODE_KEY,
            NodeInput.pod(
                Keys.pod(Scenario.CLUSTER, Scenario.NS, "serve-0"),
                Scenario.pod("serve-0", "serve", NODE, "v1", PodPhase.RUNNING, GPU)),
            time));
    processor.process(
        new Record<>(
            NODE_KEY,
            NodeInput.sample(
                Scenario.sample(
                    NODE, GPU, "serve-0", HealthStatus.PASS, Scenario.normalFields(50))),
            time));
    context.resetForwards();
  }

  private static Record<String, NodeInput> xidRecord() {
    return new Record<>(
        NODE_KEY,
        NodeInput.xid(Scenario.xid79(NODE, GPU, Instant.ofEpochMilli(XID_TIME))),
        XID_TIME);
  }

  /** Each forward as its routed case and timestamp, in order. */
  private List<String> forwards() {
    return context.forwarded().stream()
        .map(f -> f.record().value().getClass().getSimpleName() + "@" + f.record().timestamp())
        .toList();
  }
}
