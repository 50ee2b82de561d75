package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.correlator.core.state.GpuExemplars;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.streams.speed.NodeCodecs;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.trace.Stage;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * A node's requests of one completion sweep (ADR 040) are applied one by one, in completion order:
 * kept as exemplars of the GPUs the node side knows (the latest three with the scenario's
 * settings), skipped for a GPU it does not, nothing forwarded.
 */
class NodeProcessorTracesTest {

  private static final String NODE = "n1";
  private static final String NODE_KEY = RoutingKeys.node(Scenario.CLUSTER, NODE);
  private static final long TIME = Scenario.T0.toEpochMilli();

  @Test
  void aBatchKeepsTheLatestExemplarsOfKnownGpusOnly() {
    Node node = new Node();

    node.process(
        new NodeInput.Traces(
            List.of(trace("t1", "GPU-1"), trace("t2", "GPU-1"), trace("t3", "GPU-9"))));
    node.process(
        new NodeInput.Traces(
            List.of(trace("t4", "GPU-1"), trace("t5", "GPU-1"), trace("t6", "GPU-2"))));

    assertThat(node.exemplars("GPU-1")).containsExactly("t2", "t4", "t5");
    assertThat(node.exemplars("GPU-2")).containsExactly("t6");
    assertThat(node.exemplars("GPU-9")).isEmpty();
    assertThat(node.context.forwarded()).isEmpty();
  }

  @Test
  void aBatchAppliesItsRequestsInCompletionOrderGpuByGpu() {
    Node node = new Node();

    node.process(
        new NodeInput.Traces(
            List.of(
                trace("t1", "GPU-1"),
                trace("t2", "GPU-2"),
                trace("t3", "GPU-1"),
                trace("t4", "GPU-9"),
                trace("t5", "GPU-1"),
                trace("t6", "GPU-1"))));

    assertThat(node.exemplars("GPU-1")).containsExactly("t3", "t5", "t6");
    assertThat(node.exemplars("GPU-2")).containsExactly("t2");
    assertThat(node.exemplars("GPU-9")).isEmpty();
  }

  private static NodeInput.Trace trace(String traceId, String gpu) {
    return new NodeInput.Trace(
        gpu,
        new ExemplarTrace(
            traceId,
            135.0,
            Stage.GPU_EXECUTE,
            Map.of(Stage.GPU_EXECUTE, 100.0),
            "serve-0",
            NODE,
            gpu));
  }

  /** A node processor over plain stores that knows GPU-1 and GPU-2 (a sample of each). */
  private static final class Node {
    final MockProcessorContext<String, Routed> context = new MockProcessorContext<>();
    final NodeProcessor processor =
        new NodeProcessor(Scenario.settings(), new CorrelatorMetrics(new SimpleMeterRegistry()));
    final KeyValueStore<String, GpuExemplars> exemplars;

    Node() {
      MockStores.add(context, StoreNames.NODES, CorrelatorTopology.json(NodeView.class));
      MockStores.add(context, StoreNames.NODE_GPUS, NodeCodecs.gpuViews());
      exemplars = MockStores.add(context, StoreNames.NODE_EXEMPLARS, NodeCodecs.gpuExemplars());
      processor.init(context);
      for (String gpu : List.of("GPU-1", "GPU-2")) {
        process(
            NodeInput.sample(
                Scenario.sample(NODE, gpu, null, HealthStatus.PASS, Scenario.normalFields(50))));
      }
      context.resetForwards();
    }

    void process(NodeInput input) {
      context.setCurrentStreamTimeMs(TIME);
      processor.process(new Record<>(NODE_KEY, input, TIME));
    }

    List<String> exemplars(String gpu) {
      GpuExemplars kept = exemplars.get(NODE_KEY + "/" + gpu);
      return kept == null ? List.of() : kept.traces().stream().map(ExemplarTrace::traceId).toList();
    }
  }
}
