package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.journal.signature.VerificationReason;
import io.strata.remediator.TestKeys;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.journal.LegacyHmacTag;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.ClassPlans;
import io.strata.remediator.core.plan.PlannedAction;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Action ids per incident episode (ADR 023): episode 1 as before episodes, a fresh set after. */
class EpisodeActionIdsTest {

  private static final TargetRef GPU_1 = TargetGateway.node("gpu-1");

  @Test
  void theFirstEpisodeKeepsTheIdsDerivedBeforeEpisodesExisted() {
    // sha256("inc-1|1|CORDON_NODE|v1|Node|null|gpu-1"), first 10 bytes: the pre-episode formula.
    assertThat(ActionIds.of("inc-1", 1, 1, ActionType.CORDON_NODE, GPU_1))
        .isEqualTo("act-f683a148573717260c34")
        .isEqualTo(ActionIds.of("inc-1", 1, ActionType.CORDON_NODE, GPU_1));
  }

  @Test
  void everyLaterEpisodeHasIdsOfItsOwnThatAReplayDerivesAgain() {
    String first = ActionIds.of("inc-1", 1, 1, ActionType.CORDON_NODE, GPU_1);
    String second = ActionIds.of("inc-1", 2, 1, ActionType.CORDON_NODE, GPU_1);
    String third = ActionIds.of("inc-1", 3, 1, ActionType.CORDON_NODE, GPU_1);

    assertThat(second)
        .matches("act-[0-9a-f]{20}")
        .isEqualTo(ActionIds.of("inc-1", 2, 1, ActionType.CORDON_NODE, GPU_1))
        .isNotEqualTo(first)
        .isNotEqualTo(third);
    assertThat(ActionIds.undoOf(second)).isNotEqualTo(ActionIds.undoOf(first));
  }

  @Test
  void theRelapsesPlanHasTheSameStepsUnderItsEpisodesIds() throws TargetException {
    ActionPlanner planner = new ActionPlanner(new ClassPlans(Map.of()));
    Incident first = Fixtures.deviceFault("inc-1", 1, IncidentState.OPEN, List.of("gpu-1"));
    Incident relapse =
        Fixtures.deviceFault("inc-1", 5, IncidentState.OPEN, List.of("gpu-1"))
            .withEpisode(2, Fixtures.T0.plusSeconds(900));

    List<PlannedAction> before =
        planner
            .plan(first, (ns, name) -> Optional.empty(), (ns, pod) -> Optional.empty())
            .actions();
    List<PlannedAction> after =
        planner
            .plan(relapse, (ns, name) -> Optional.empty(), (ns, pod) -> Optional.empty())
            .actions();

    TargetRef pod = TargetGateway.pod("ml", "llm-0");
    assertThat(after)
        .extracting(PlannedAction::step, PlannedAction::type, PlannedAction::target)
        .containsExactlyElementsOf(
            before.stream()
                .map(a -> org.assertj.core.api.Assertions.tuple(a.step(), a.type(), a.target()))
                .toList());
    assertThat(after)
        .extracting(PlannedAction::actionId)
        .containsExactly(
            ActionIds.of("inc-1", 2, 1, ActionType.CORDON_NODE, GPU_1),
            ActionIds.of("inc-1", 2, 2, ActionType.PAUSE_NEW_BATCHES, pod));
    assertThat(before)
        .extracting(PlannedAction::actionId)
        .containsExactly(
            ActionIds.of("inc-1", 1, ActionType.CORDON_NODE, GPU_1),
            ActionIds.of("inc-1", 2, ActionType.PAUSE_NEW_BATCHES, pod));
  }

  @Test
  void theTagOfALaterEpisodeCoversItsEpisodeAndTheFirstEpisodesTagIsUnchanged() {
    RemediationAction first =
        Actions.proposed(
            ActionIds.of("inc-1", 1, ActionType.CORDON_NODE, GPU_1),
            "inc-1",
            1,
            ActionType.CORDON_NODE,
            GPU_1,
            null,
            null,
            "step 1",
            3,
            false,
            null,
            Fixtures.T0);
    RemediationAction second =
        Actions.inEpisode(
            Actions.proposed(
                ActionIds.of("inc-1", 2, 1, ActionType.CORDON_NODE, GPU_1),
                "inc-1",
                1,
                ActionType.CORDON_NODE,
                GPU_1,
                null,
                null,
                "step 1",
                3,
                false,
                null,
                Fixtures.T0),
            2);

    // HMAC-SHA256 of the pre-episode canonical text (computed outside Java from the former
    // ActionSigner's documented encoding): records tagged before episodes existed still verify
    // while the legacy key is configured.
    String legacy = new LegacyHmacTag(TestKeys.CORE_LEGACY_HMAC_KEY).tag(first);
    assertThat(legacy)
        .isEqualTo("hmac-sha256=0427babe572be244466b438f0a99050bfda26986693c89f21fb646f21d1e802c");
    assertThat(InMemoryJournal.SIGNER.verify(first, legacy).reason())
        .isEqualTo(VerificationReason.VERIFIED);
    String tag = InMemoryJournal.SIGNER.tag(second);
    assertThat(InMemoryJournal.SIGNER.verify(second, tag).verified()).isTrue();
    assertThat(InMemoryJournal.SIGNER.verify(Actions.inEpisode(second, 3), tag).reason())
        .isEqualTo(VerificationReason.BAD_SIGNATURE);
  }
}
