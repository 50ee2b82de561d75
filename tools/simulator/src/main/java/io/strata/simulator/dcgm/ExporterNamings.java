package io.strata.simulator.dcgm;

import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Node;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The renderer each node's exporter answers with, by the {@link NamingRollout} in force. The
 * rollout can change while the exporters serve, as a fleet's exporters are upgraded: the next page
 * of each node is in its new naming. One renderer per naming, so each keeps its label cache.
 */
public final class ExporterNamings {

  private final Map<DcgmNaming, DcgmRenderer> renderers = new EnumMap<>(DcgmNaming.class);
  private final Map<String, Integer> nodeIndex = new HashMap<>();
  private volatile NamingRollout rollout;

  public ExporterNamings(
      ClusterShape shape, Duration xidWindow, List<Node> nodes, NamingRollout rollout) {
    for (DcgmNaming naming : DcgmNaming.values()) {
      renderers.put(naming, new DcgmRenderer(shape, xidWindow, naming));
    }
    for (int i = 0; i < nodes.size(); i++) {
      nodeIndex.put(nodes.get(i).name(), i);
    }
    this.rollout = rollout;
  }

  public NamingRollout rollout() {
    return rollout;
  }

  /** From the next page on, the exporters print the names of {@code next}. */
  public void use(NamingRollout next) {
    rollout = next;
  }

  /** The naming the exporter of {@code node} prints now. */
  public DcgmNaming namingOf(String node) {
    NamingRollout current = rollout;
    // Only a mixed fleet needs the node's index: the others skip the lookup.
    return current.namingOf(current == NamingRollout.MIXED ? nodeIndex.getOrDefault(node, 0) : 0);
  }

  DcgmRenderer rendererOf(String node) {
    return renderers.get(namingOf(node));
  }
}
