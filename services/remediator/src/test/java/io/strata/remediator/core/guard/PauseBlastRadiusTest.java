package io.strata.remediator.core.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.journal.Actions;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Pods out of traffic and workloads paused at once (ADR 012). */
class PauseBlastRadiusTest {

  private static final Instant T0 = GuardFixtures.T0;
  private final ActionStore store = new ActionStore();
  private final PauseBlastRadius radius =
      new PauseBlastRadius(
          new GuardSettings(
              2, 10, Duration.ofHours(1), 3, Duration.ofMinutes(30), 0, Optional.empty(), 2, 1));

  @Test
  void podsOutOfTrafficAreCountedOncePerPodUpToTheLimit() {
    GuardFixtures.executed(store, pause("p1", TargetGateway.pod("ml", "llm-0")));
    GuardFixtures.executed(store, pause("p2", TargetGateway.pod("ml", "llm-1")));

    assertThat(radius.check(pause("p3", TargetGateway.pod("ml", "llm-1")), store)).isEmpty();
    assertThat(radius.check(pause("p4", TargetGateway.pod("ml", "llm-2")), store))
        .contains(
            new Refusal(
                ActionOutcomeReason.BLAST_RADIUS_LIMIT,
                "PODS_OUT_OF_TRAFFIC: 2 pod(s) already out of traffic (ml/llm-0, ml/llm-1); the"
                    + " limit is 2"));
  }

  @Test
  void workloadsPausedHaveTheirOwnLimitAndARevertedPauseNoLongerCounts() {
    TargetRef job = new TargetRef("batch/v1", "Job", "ml", "train");
    RemediationAction first = pause("w1", job);
    GuardFixtures.executed(store, first);
    // Pods out of traffic are not workloads: this one passes the workload limit of 1.
    assertThat(radius.check(pause("p1", TargetGateway.pod("ml", "llm-0")), store)).isEmpty();

    assertThat(radius.check(pause("w2", new TargetRef("batch/v1", "Job", "ml", "eval")), store))
        .map(Refusal::message)
        .contains("PAUSED_WORKLOADS: 1 workload(s) already paused (ml/train); the limit is 1");
    store.apply(
        Actions.transition(
            first, ActionState.REVERTED, ActionOutcomeReason.UNSPECIFIED, "resumed", T0),
        "tag");
    assertThat(radius.check(pause("w2", new TargetRef("batch/v1", "Job", "ml", "eval")), store))
        .isEmpty();
  }

  private static RemediationAction pause(String id, TargetRef target) {
    return Actions.proposed(
        id,
        "inc-1",
        2,
        ActionType.PAUSE_NEW_BATCHES,
        target,
        null,
        null,
        "step 2",
        3,
        false,
        null,
        T0);
  }
}
