package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.WorkloadKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Two remediators at once: {@code remediator-a} killed and started again together with a second
 * JVM, {@code remediator-b}; three nodes fail; every cordon approved at both. The leader executes
 * each once and the blast radius holds; the standby reads every incident too and acts on none
 * (fault-suite finding 3: it no longer holds partitions the leader needs).
 */
final class TwoRemediatorsFault {

  private final FaultBench bench;

  TwoRemediatorsFault(FaultBench bench) {
    this.bench = bench;
  }

  void startTwoAndFailThreeNodes() throws Exception {
    ServiceProcess first = bench.remediator();
    first.kill9();
    long startedAt = System.nanoTime();
    first.restart();
    CompletableFuture<ServiceProcess> second =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return bench.system.startRemediator(
                    "remediator-b", FaultBench.remediatorSettings("remediator-b"));
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    await("remediator-a ready").atMost(Duration.ofSeconds(120)).until(first::ready);
    ServiceProcess other = second.join();
    long down = FaultBench.secondsSince(startedAt);
    try {
      FaultCycle cycle = bench.begin();
      servingGpusOnOtherNodes(cycle.node(), 2).forEach(cycle::alsoFail);
      List<String> incidents = new ArrayList<>();
      List<String> cordons = new ArrayList<>();
      for (String node : cycle.failedNodes()) {
        String incidentId = cycle.awaitIncident(node).incidentId();
        if (!incidents.contains(incidentId)) {
          incidents.add(incidentId);
        }
        RemediationAction cordon = cycle.journal().awaitCordonProposal(node);
        cordons.add(cordon.actionId());
        // Both instances are asked, as two consoles pointed at two replicas would; the standby
        // answers 503 NOT_LEADER.
        cycle.approve(cordon.actionId(), first, other);
      }
      cordons.forEach(cycle.journal()::awaitDecided);
      assertThat(bench.system.simulator().model().status().cordonedNodes())
          .as("cordoned nodes within the blast radius")
          .hasSizeLessThanOrEqualTo(FaultBench.MAX_CORDONED);
      assertThat(cordons.stream().filter(cycle.journal()::wasExecuted).count())
          .as("cordons executed of three approved")
          .isEqualTo(FaultBench.MAX_CORDONED);
      for (String incidentId : incidents) {
        assertThat(cycle.journal().proposals(incidentId, ActionType.CORDON_NODE))
            .as("cordon proposals for " + incidentId + " by two remediators")
            .isEqualTo(1);
      }
      cycle.repair(incidents, first, other);
      other.close();
      bench.record(
          cycle, "two remediators at once, 3 nodes fail", new FaultBench.Bounce(first.pid(), down));
    } finally {
      other.close();
    }
  }

  /** One serving GPU on each of {@code count} nodes other than {@code node}. */
  private List<Gpu> servingGpusOnOtherNodes(String node, int count) {
    return bench.system.simulator().model().nodes().stream()
        .filter(n -> !n.name().equals(node))
        .map(
            n ->
                n.gpus().stream()
                    .filter(g -> g.holder() != null)
                    .filter(g -> g.holder().workload().kind() != WorkloadKind.JOB)
                    .findFirst())
        .flatMap(Optional::stream)
        .limit(count)
        .toList();
  }
}
