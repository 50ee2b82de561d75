package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The list row and the plan name the episode a relapse reopened (ADR 023). */
class EpisodeDisplayTest {

  private static final Instant REOPENED = Fixtures.OPENED.plusSeconds(600);

  @Test
  void aReopenedIncidentsRowSaysWhichEpisodeAndSinceWhen() {
    IncidentRow first = IncidentRow.of(Fixtures.incident(1, IncidentState.OPEN), 0, REOPENED);
    IncidentRow second = IncidentRow.of(reopened(), 1, REOPENED.plusSeconds(5));

    assertThat(first.episode()).isEqualTo(1);
    assertThat(first.reopenedAt()).isNull();
    assertThat(second.episode()).isEqualTo(2);
    assertThat(second.reopenedAt()).isEqualTo(REOPENED);
    assertThat(second.openedAt()).isEqualTo(Fixtures.OPENED);
  }

  @Test
  void aPlanItemCarriesTheEpisodeOfItsAction() {
    RemediationAction cordon = Fixtures.cordon(ActionState.PROPOSED, REOPENED);
    RemediationAction relapse =
        new RemediationAction(
            "act-relapse",
            cordon.incidentId(),
            cordon.step(),
            cordon.type(),
            cordon.state(),
            cordon.target(),
            cordon.patch(),
            cordon.inversePatch(),
            cordon.reason(),
            cordon.message(),
            cordon.approvedBy(),
            cordon.approvalChannel(),
            cordon.approvedAt(),
            cordon.attempt(),
            cordon.maxAttempts(),
            cordon.dryRun(),
            cordon.correlation(),
            cordon.updatedAt(),
            2);

    assertThat(PlanItem.of(cordon, false).episode()).isEqualTo(1);
    assertThat(PlanItem.of(relapse, false).episode()).isEqualTo(2);
  }

  private static Incident reopened() {
    return Fixtures.incident(7, IncidentState.OPEN).withEpisode(2, REOPENED);
  }
}
