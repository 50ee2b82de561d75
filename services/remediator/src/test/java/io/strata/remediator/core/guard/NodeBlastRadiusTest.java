package io.strata.remediator.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetGateway.NodeCensus;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The share of a cordon over a denominator that cannot shrink with the failure (ADR 012). */
class NodeBlastRadiusTest {

  private static final Instant T0 = GuardFixtures.T0;
  private final ActionStore store = new ActionStore();

  @Test
  void nodesThatLoseTheGpuLabelStillCountAndTheDenominatorKeepsTheFleetSeen() {
    NodeBlastRadius radius = new NodeBlastRadius(settings(0, Optional.empty()));
    assertThat(radius.check(cordon("gpu-1"), store, census(nodes(0, 10), Set.of()), T0)).isEmpty();
    GuardFixtures.executed(store, cordon("gpu-1"));
    assertThat(radius.check(cordon("gpu-2"), store, census(nodes(0, 10), Set.of()), T0)).isEmpty();
    GuardFixtures.executed(store, cordon("gpu-2"));

    // GPU feature discovery drops nvidia.com/gpu.present from the failing nodes gpu-1 and gpu-2.
    Set<String> remaining = nodes(0, 10);
    remaining.removeAll(Set.of("gpu-1", "gpu-2"));
    Optional<Refusal> refused =
        radius.check(cordon("gpu-3"), store, census(remaining, Set.of()), T0.plusSeconds(60));

    assertThat(refused)
        .contains(
            new Refusal(
                ActionOutcomeReason.BLAST_RADIUS_LIMIT,
                "NODE_SHARE: cordoning would leave 3 of 10 GPU nodes out of service (cordoned,"
                    + " quarantined, NotReady or tainted); the limit is 20%"));
  }

  @Test
  void nodesThatVanishFromTheApiDoNotShrinkTheDenominatorWithinTheWindow() {
    NodeBlastRadius radius = new NodeBlastRadius(settings(0, Optional.empty()));
    assertThat(radius.check(cordon("gpu-1"), store, census(nodes(0, 10), Set.of()), T0)).isEmpty();

    // Five NotReady nodes are deleted (a zone outage): still 10 nodes seen within the window, so
    // 2 of 10 (counting only what is left would make it 2 of 5, 40%).
    Set<String> left = nodes(0, 5);
    assertThat(
            radius.check(cordon("gpu-1"), store, census(left, Set.of("gpu-4")), T0.plusSeconds(60)))
        .isEmpty();
    // Past the window only what is seen now counts.
    assertThat(
            radius.check(
                cordon("gpu-1"),
                store,
                census(left, Set.of("gpu-4")),
                T0.plus(Duration.ofHours(2))))
        .map(Refusal::message)
        .contains(
            "NODE_SHARE: cordoning would leave 2 of 5 GPU nodes out of service (cordoned,"
                + " quarantined, NotReady or tainted); the limit is 20%");
  }

  @Test
  void aConfiguredFleetSizeIsTheLeastDenominator() {
    NodeBlastRadius radius = new NodeBlastRadius(settings(20, Optional.empty()));

    assertThat(radius.check(cordon("gpu-1"), store, census(Set.of(), Set.of()), T0)).isEmpty();
    assertThat(
            radius.check(
                cordon("gpu-1"), store, census(nodes(0, 5), Set.of("gpu-2", "gpu-3", "gpu-4")), T0))
        .isEmpty();
  }

  @Test
  void withAPoolLabelTheShareAlsoHoldsWithinTheTargetsPool() {
    NodeBlastRadius radius = new NodeBlastRadius(settings(0, Optional.of("pool")));
    Map<String, String> pools = new java.util.HashMap<>();
    nodes(0, 4).forEach(n -> pools.put(n, "a100"));
    nodes(4, 14).forEach(n -> pools.put(n, "h100"));
    NodeCensus census = new NodeCensus(nodes(0, 14), Set.of("gpu-0"), pools);

    assertThat(radius.check(cordon("gpu-4"), store, census, T0)).isEmpty();
    assertThat(radius.check(cordon("gpu-1"), store, census, T0))
        .map(Refusal::message)
        .contains(
            "POOL_SHARE: cordoning would leave 2 of 4 GPU nodes of pool pool=a100 out of service;"
                + " the limit is 20%");
  }

  @Test
  void noGpuNodeAndNoFleetSizeRefusesWithItsOwnLimit() {
    NodeBlastRadius radius = new NodeBlastRadius(settings(0, Optional.empty()));

    assertThat(radius.check(cordon("gpu-1"), store, census(Set.of(), Set.of()), T0))
        .map(Refusal::message)
        .contains("NO_GPU_NODES: no GPU nodes match the selector");
  }

  private static GuardSettings settings(int gpuNodes, Optional<String> poolLabel) {
    return new GuardSettings(
        5, 20, Duration.ofHours(1), 3, Duration.ofMinutes(30), gpuNodes, poolLabel, 16, 8);
  }

  private static NodeCensus census(Set<String> names, Set<String> out) {
    return new NodeCensus(names, out, Map.of());
  }

  private static Set<String> nodes(int from, int to) {
    Set<String> names = new TreeSet<>();
    for (int i = from; i < to; i++) {
      names.add("gpu-" + i);
    }
    return names;
  }

  private static RemediationAction cordon(String node) {
    return Actions.proposed(
        "act-cordon-" + node,
        "inc-" + node,
        1,
        ActionType.CORDON_NODE,
        TargetGateway.node(node),
        "{\"spec\":{\"unschedulable\":true}}",
        null,
        "step 1",
        3,
        false,
        null,
        T0);
  }
}
