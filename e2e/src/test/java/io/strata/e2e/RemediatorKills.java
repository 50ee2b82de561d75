package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.simulator.k8s.MarkedPatch;
import io.strata.simulator.k8s.PatchHold;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The fault family of one remediator killed with SIGKILL: as the incident arrives, after the
 * approval with the cordon's PATCH held before the mock API applies it, and after the mock API
 * applied it but before its answer. Each time the cordon is proposed once and patched once.
 */
final class RemediatorKills {

  /** Long enough to kill the remediator while the mock API holds its PATCH. */
  private static final Duration HOLD = Duration.ofSeconds(60);

  private final FaultBench bench;

  RemediatorKills(FaultBench bench) {
    this.bench = bench;
  }

  /**
   * Killed as the incident is on its input; the restarted instance renews its own Lease, rebuilds
   * once, proposes the cordon once and executes the approval sent as soon as the proposal is out
   * (fault-suite finding 2).
   */
  void killAsTheIncidentArrives() throws IOException {
    FaultCycle cycle = bench.begin();
    Incident incident = cycle.awaitIncident();
    FaultBench.Bounce bounce = bench.bounce(bench.remediator());
    RemediationAction cordon =
        cycle.journal().awaitProposal(incident.incidentId(), ActionType.CORDON_NODE);
    cycle.approve(cordon.actionId(), bench.remediator());
    cycle.journal().awaitExecuted(cordon.actionId());
    cycle.repair(incident.incidentId(), bench.remediator());
    assertThat(cycle.journal().proposals(incident.incidentId(), ActionType.CORDON_NODE))
        .as("cordon proposals for one incident")
        .isEqualTo(1);
    bench.record(cycle, "kill -9 remediator, incident on its input", bounce);
  }

  /**
   * Approves the cordon while the mock API holds its PATCH ({@code hold}), kills the remediator
   * with the request in flight, starts it again: the action must be applied exactly once.
   */
  void approveThenKill(PatchHold hold, String fault) throws Exception {
    FaultCycle cycle = bench.begin();
    Incident incident = cycle.awaitIncident();
    RemediationAction cordon =
        cycle.journal().awaitProposal(incident.incidentId(), ActionType.CORDON_NODE);
    CompletableFuture<MarkedPatch> held = bench.system.simulator().patchLog().holdNext(hold, HOLD);
    cycle.approve(cordon.actionId(), bench.remediator());
    MarkedPatch patch = held.get(60, TimeUnit.SECONDS);
    assertThat(patch.actionId()).isEqualTo(cordon.actionId());
    FaultBench.Bounce bounce = bench.bounce(bench.remediator());
    cycle.journal().awaitExecuted(cordon.actionId());
    cycle.repair(incident.incidentId(), bench.remediator());
    bench.record(cycle, fault, bounce);
  }
}
