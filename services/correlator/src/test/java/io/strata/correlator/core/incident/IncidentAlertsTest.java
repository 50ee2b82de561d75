package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.Transition;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Alerts on an incident's evidence: one entry per fingerprint, newest first, bounded. */
class IncidentAlertsTest {

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");

  private static AlertEvidence entry(String fingerprint, AlertStatus status) {
    return new AlertEvidence(
        fingerprint, "A-" + fingerprint, status, "critical", null, T, null, null);
  }

  private static AlertNotice notice(String fingerprint, AlertStatus status) {
    return new AlertNotice(entry(fingerprint, status), Correlation.empty(), null, null);
  }

  private static IncidentTracker open() {
    IncidentDraft draft =
        new IncidentDraft(
            IncidentClass.QUEUE_BACKLOG,
            Severity.WARNING,
            "backlog",
            Correlation.empty(),
            new Scope("c1", null, null, List.of("ml/chat"), null, false, true, true),
            "ml/chat/v1",
            new Trigger(Signal.QUEUE_WAIT, 900, 100.0, "ms", T, T),
            Stage.QUEUE_WAIT,
            Evidence.none(),
            List.of());
    return IncidentTracker.empty()
        .onTrouble(draft, T, Duration.ofMinutes(1), Duration.ofMinutes(10), 2)
        .next();
  }

  @Test
  void aNewAlertGoesFirstAKnownOneIsUpdatedInPlaceAndTheOldestIsDroppedPastTheLimit() {
    List<AlertEvidence> two =
        IncidentAlerts.joined(
            IncidentAlerts.joined(List.of(), entry("a", AlertStatus.FIRING), 2),
            entry("b", AlertStatus.FIRING),
            2);
    assertThat(two).extracting(AlertEvidence::fingerprint).containsExactly("b", "a");

    List<AlertEvidence> updated = IncidentAlerts.joined(two, entry("a", AlertStatus.RESOLVED), 2);
    assertThat(updated)
        .containsExactly(entry("b", AlertStatus.FIRING), entry("a", AlertStatus.RESOLVED));

    assertThat(IncidentAlerts.joined(updated, entry("c", AlertStatus.FIRING), 2))
        .extracting(AlertEvidence::fingerprint)
        .containsExactly("c", "b");
  }

  @Test
  void joiningAnOpenIncidentPublishesTheNextRevisionAtOnceAndARepeatNothing() {
    IncidentTracker tracker = open();

    Transition<IncidentTracker, Incident> joined =
        IncidentAlerts.join(tracker, notice("a", AlertStatus.FIRING), T.plusSeconds(5), 10);

    assertThat(joined.emits()).hasSize(1);
    Incident revision = joined.emits().get(0);
    assertThat(revision.revision()).isEqualTo(2);
    assertThat(revision.updatedAt()).isEqualTo(T.plusSeconds(5));
    assertThat(revision.evidence().alerts()).containsExactly(entry("a", AlertStatus.FIRING));

    Transition<IncidentTracker, Incident> repeat =
        IncidentAlerts.join(joined.next(), notice("a", AlertStatus.FIRING), T.plusSeconds(6), 10);
    assertThat(repeat.emits()).isEmpty();
    assertThat(repeat.next()).isEqualTo(joined.next());

    Transition<IncidentTracker, Incident> resolved =
        IncidentAlerts.join(joined.next(), notice("a", AlertStatus.RESOLVED), T.plusSeconds(7), 10);
    assertThat(resolved.emits()).extracting(Incident::revision).containsExactly(3L);
    assertThat(resolved.emits().get(0).evidence().alerts())
        .containsExactly(entry("a", AlertStatus.RESOLVED));
  }

  @Test
  void noIncidentNoJoinAndFreshTroubleKeepsTheJoinedAlerts() {
    assertThat(
            IncidentAlerts.join(IncidentTracker.empty(), notice("a", AlertStatus.FIRING), T, 10)
                .emits())
        .isEmpty();

    IncidentTracker joined =
        IncidentAlerts.join(open(), notice("a", AlertStatus.FIRING), T.plusSeconds(5), 10).next();
    IncidentDraft again =
        new IncidentDraft(
            IncidentClass.QUEUE_BACKLOG,
            Severity.CRITICAL,
            "backlog, worse",
            Correlation.empty(),
            joined.current().scope(),
            "ml/chat/v1",
            joined.current().trigger(),
            Stage.QUEUE_WAIT,
            Evidence.none(),
            List.of());
    Incident escalated =
        joined
            .onTrouble(again, T.plusSeconds(10), Duration.ofMinutes(1), Duration.ofMinutes(10), 2)
            .emits()
            .get(0);
    assertThat(escalated.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(escalated.evidence().alerts()).containsExactly(entry("a", AlertStatus.FIRING));
  }
}
