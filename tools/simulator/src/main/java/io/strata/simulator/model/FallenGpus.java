package io.strata.simulator.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The GPUs that fall off the bus under XID 79: the scenario's target and those fault injection
 * makes fall with it (tests, tools/live-run), so that several nodes fail at once. Separate from
 * {@link ActiveScenario} because picking the next GPU to fall is a placement question of its own;
 * whether a GPU is off the bus <em>now</em> (only while XID 79 is active) is the scenario's to say.
 *
 * <p>Used only under the {@link ClusterModel} lock, through {@link ActiveScenario}.
 */
final class FallenGpus {

  private final List<Node> nodes;
  private final Gpu target;

  /** GPUs that fell off the bus together with the target (fault tests; empty by default). */
  private final Set<Gpu> alsoFallen = new HashSet<>();

  FallenGpus(List<Node> nodes, Gpu target) {
    this.nodes = nodes;
    this.target = target;
  }

  /** {@code gpu} falls off the bus as well: its XID 79 recorded now. */
  void add(Gpu gpu, Instant now) {
    alsoFallen.add(gpu);
    gpu.recordXid(79, now);
  }

  /** Whether {@code gpu} is the target or fell with it (whether XID 79 is active or not). */
  boolean contains(Gpu gpu) {
    return gpu == target || alsoFallen.contains(gpu);
  }

  /** A scenario switch repairs the GPUs that fell with the target. */
  void repair() {
    alsoFallen.clear();
  }

  /**
   * The next GPU to fall, on a node where nothing has fallen yet so each fall is its own node's
   * incident. Serving GPUs (held by a non-Job pod) first, like the e2e's multi-node fault; then any
   * GPU. The nodes are walked from the far end of the list so consecutive picks land far from the
   * target's node.
   */
  Optional<Gpu> next() {
    Set<String> fallenNodes = new HashSet<>();
    fallenNodes.add(target.node());
    alsoFallen.forEach(g -> fallenNodes.add(g.node()));
    List<Gpu> candidates = new ArrayList<>();
    for (int i = nodes.size() - 1; i >= 0; i--) {
      Node node = nodes.get(i);
      if (!fallenNodes.contains(node.name())) {
        candidates.addAll(node.gpus());
      }
    }
    return candidates.stream()
        .filter(g -> g.holder() != null && g.holder().workload().kind() != WorkloadKind.JOB)
        .findFirst()
        .or(() -> candidates.stream().findFirst());
  }
}
