package io.strata.simulator.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The live run's repeated XID 79 (tools/live-run): each fall on a node of its own. */
class XidInjectionTest {

  private static final Instant T0 = Instant.parse("2026-12-01T22:00:00Z");

  private final ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);

  @Test
  void eachNextGpuToFallIsOnANodeWithNoFallenGpuUntilNoneIsLeft() {
    model.activate(Scenario.XID_79, T0);
    Set<String> fallenNodes = new HashSet<>(Set.of(model.targets().xid79Gpu().node()));
    for (int i = 0; i < 3; i++) {
      Gpu next = model.nextGpuToFall().orElseThrow();
      assertThat(fallenNodes).doesNotContain(next.node());
      assertThat(next.holder()).isNotNull();
      model.alsoFallOffTheBus(next, T0);
      fallenNodes.add(next.node());
    }
    assertThat(fallenNodes).hasSize(4);
    assertThat(model.nextGpuToFall()).isEmpty();
  }

  @Test
  void picksWalkTheNodesFromTheFarEndSkippingTheTargetsNode() {
    model.activate(Scenario.XID_79, T0);
    // The default shape's XID 79 target is on the last of its four nodes.
    assertThat(model.targets().xid79Gpu().node()).isEqualTo("gpu-node-003");
    assertThat(model.nextGpuToFall().orElseThrow().node()).isEqualTo("gpu-node-002");
  }
}
