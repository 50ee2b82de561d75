package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.correlator.config.CorrelatorSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/**
 * Every step of the topology is named, so state stores, changelogs and repartition topics keep
 * their names across releases (a generated KSTREAM-...-0000000042 name shifts whenever a step is
 * added, and a shifted changelog name loses the state).
 */
class TopologyNamingTest {

  private final TopologyDescription description =
      CorrelatorTopology.build(
              CorrelatorSettings.defaults(), new CorrelatorMetrics(new SimpleMeterRegistry()))
          .describe();

  @Test
  void noStepHasAGeneratedName() {
    List<String> names = new ArrayList<>();
    Set<String> topics = new HashSet<>();
    for (TopologyDescription.Subtopology subtopology : description.subtopologies()) {
      for (TopologyDescription.Node node : subtopology.nodes()) {
        names.add(node.name());
        if (node instanceof TopologyDescription.Source source && source.topicSet() != null) {
          topics.addAll(source.topicSet());
        }
        if (node instanceof TopologyDescription.Processor processor) {
          names.addAll(processor.stores());
        }
      }
    }
    assertThat(names).isNotEmpty().noneMatch(n -> n.matches(".*-\\d{10}.*"));
    assertThat(topics).noneMatch(t -> t.matches(".*-\\d{10}.*"));
  }

  @Test
  void theStoresAreTheDocumentedOnes() {
    Set<String> stores = new HashSet<>();
    for (TopologyDescription.Subtopology subtopology : description.subtopologies()) {
      for (TopologyDescription.Node node : subtopology.nodes()) {
        if (node instanceof TopologyDescription.Processor processor) {
          stores.addAll(processor.stores());
        }
      }
    }
    assertThat(stores)
        .contains(
            StoreNames.POD_ROUTES,
            StoreNames.CLAIM_ROUTES,
            StoreNames.NODES,
            StoreNames.NODE_GPUS,
            StoreNames.NODE_EXEMPLARS,
            StoreNames.WORKLOAD_GPUS,
            StoreNames.WORKLOAD_PODS,
            StoreNames.DEVICE_INCIDENTS,
            StoreNames.DEVICE_WATCHES,
            StoreNames.TRACE_PARTS,
            StoreNames.REQUEST_SLICES,
            StoreNames.REQUEST_WINDOW_MARKS,
            StoreNames.WORKLOADS,
            StoreNames.BASELINES,
            StoreNames.REQUEST_INCIDENTS);
  }

  /**
   * The device-incident processor is a sub-topology of its own that reads only its repartition
   * topic: sharing a task with the workload processor would make a device fault wait behind the
   * workload side's older backlog (timestamp synchronisation across a task's inputs, ADR 039).
   */
  @Test
  void theDeviceIncidentSideReadsOnlyItsOwnInputs() {
    TopologyDescription.Subtopology deviceSide =
        description.subtopologies().stream()
            .filter(
                s -> s.nodes().stream().anyMatch(n -> n.name().equals("device-incident-processor")))
            .findFirst()
            .orElseThrow();
    Set<String> topics = new HashSet<>();
    for (TopologyDescription.Node node : deviceSide.nodes()) {
      if (node instanceof TopologyDescription.Source source) {
        topics.addAll(source.topicSet());
      }
    }
    assertThat(topics).containsExactly("device-incident-inputs-repartition");
    assertThat(deviceSide.nodes()).noneMatch(n -> n.name().equals("workload-processor"));
  }
}
