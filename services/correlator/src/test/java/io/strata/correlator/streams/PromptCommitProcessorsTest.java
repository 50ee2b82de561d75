package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.core.incident.DeviceRecovery;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.streams.speed.NodeCodecs;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.IncidentState;
import io.strata.events.k8s.PodPhase;
import io.strata.events.topic.Keys;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/**
 * Which records ask for a prompt commit (ADR 041): device trouble that is news on the node side (an
 * XID, a GPU's first failing sample), not a failing GPU's every refresh, and every incident the
 * device-incident side publishes. Spacing 0 here, so only the rule decides.
 */
class PromptCommitProcessorsTest {

  private static final String NODE = "n1";
  private static final String GPU = "GPU-1";
  private static final String NODE_KEY = RoutingKeys.node(Scenario.CLUSTER, NODE);
  private static final long T0 = Scenario.T0.toEpochMilli();

  private final CorrelatorSettings settings = withPromptSpacing(Duration.ZERO);
  private final MockProcessorContext<String, Routed> nodeContext = new MockProcessorContext<>();
  private final NodeProcessor node =
      new NodeProcessor(settings, new CorrelatorMetrics(new SimpleMeterRegistry()));
  private final MockProcessorContext<String, Routed> incidentContext = new MockProcessorContext<>();
  private final DeviceIncidentProcessor incidents =
      new DeviceIncidentProcessor(settings, new CorrelatorMetrics(new SimpleMeterRegistry()));

  PromptCommitProcessorsTest() {
    MockStores.add(nodeContext, StoreNames.NODES, CorrelatorTopology.json(NodeView.class));
    MockStores.add(nodeContext, StoreNames.NODE_GPUS, NodeCodecs.gpuViews());
    MockStores.add(nodeContext, StoreNames.NODE_EXEMPLARS, NodeCodecs.gpuExemplars());
    node.init(nodeContext);
    MockStores.add(
        incidentContext,
        StoreNames.DEVICE_INCIDENTS,
        CorrelatorTopology.json(DeviceRecovery.class));
    incidents.init(incidentContext);
    nodeContext.setCurrentStreamTimeMs(T0);
    node.process(
        new Record<>(
            NODE_KEY,
            NodeInput.pod(
                Keys.pod(Scenario.CLUSTER, Scenario.NS, "serve-0"),
                Scenario.pod("serve-0", "serve", NODE, "v1", PodPhase.RUNNING, GPU)),
            T0));
  }

  @Test
  void aHealthySampleAsksForNothing() {
    sample(HealthStatus.PASS, T0);

    assertThat(nodeContext.committed()).isFalse();
  }

  @Test
  void anXidAsksOnBothHopsAndTheIncidentIsPublished() {
    sample(HealthStatus.PASS, T0);
    nodeContext.resetForwards();

    node.process(
        new Record<>(
            NODE_KEY,
            NodeInput.xid(Scenario.xid79(NODE, GPU, Scenario.T0.plusSeconds(1))),
            T0 + 1_000));

    assertThat(nodeContext.committed()).as("node side").isTrue();
    List<Routed.ToDeviceIncidents> trouble = toDeviceIncidents();
    assertThat(trouble).hasSize(1);
    incidents.process(new Record<>(NODE_KEY, trouble.get(0).input(), T0 + 1_000));
    assertThat(incidentContext.forwarded()).hasSize(1);
    Routed.IncidentOut out =
        (Routed.IncidentOut) incidentContext.forwarded().get(0).record().value();
    assertThat(out.incident().state()).isEqualTo(IncidentState.OPEN);
    assertThat(incidentContext.committed()).as("device-incident side").isTrue();
  }

  @Test
  void aFailingGpusFirstSampleAsksItsRefreshesDoNot() {
    sample(HealthStatus.PASS, T0);
    sample(HealthStatus.FAIL, T0 + 1_000);
    assertThat(nodeContext.committed()).as("first FAIL").isTrue();
    incidents.process(new Record<>(NODE_KEY, toDeviceIncidents().get(0).input(), T0 + 1_000));
    assertThat(incidentContext.committed()).as("the incident it opens").isTrue();

    nodeContext.resetCommit();
    incidentContext.resetCommit();
    nodeContext.resetForwards();
    incidentContext.resetForwards();
    sample(HealthStatus.FAIL, T0 + 2_000);

    List<Routed.ToDeviceIncidents> refresh = toDeviceIncidents();
    assertThat(refresh).as("the refresh is still forwarded").hasSize(1);
    assertThat(nodeContext.committed()).as("second FAIL").isFalse();
    incidents.process(new Record<>(NODE_KEY, refresh.get(0).input(), T0 + 2_000));
    assertThat(incidentContext.forwarded()).as("nothing new to publish").isEmpty();
    assertThat(incidentContext.committed()).isFalse();
  }

  private void sample(HealthStatus health, long at) {
    nodeContext.setCurrentStreamTimeMs(at);
    node.process(
        new Record<>(
            NODE_KEY,
            NodeInput.sample(
                Scenario.sample(NODE, GPU, "serve-0", health, Scenario.normalFields(50))),
            at));
  }

  private List<Routed.ToDeviceIncidents> toDeviceIncidents() {
    return nodeContext.forwarded().stream()
        .map(f -> f.record().value())
        .filter(Routed.ToDeviceIncidents.class::isInstance)
        .map(Routed.ToDeviceIncidents.class::cast)
        .toList();
  }

  private static CorrelatorSettings withPromptSpacing(Duration spacing) {
    CorrelatorSettings s = Scenario.settings();
    return s.withDevice(
        new CorrelatorSettings.Device(
            s.device().temperatureCelsius(),
            s.device().xidLookback(),
            spacing,
            s.device().readingsMaxDeferral()));
  }
}
