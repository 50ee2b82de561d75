package io.strata.console.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import io.strata.console.JournalSigning;
import io.strata.console.core.AlertRow;
import io.strata.console.core.ConsoleState;
import io.strata.console.core.IncidentPage;
import io.strata.console.core.IncidentQuery;
import io.strata.console.core.IncidentTelemetry;
import io.strata.console.core.PlanItem;
import io.strata.console.core.UnverifiedRecord;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.VerificationReason;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecordRouterTest {

  private final ConsoleState state =
      new ConsoleState(io.strata.console.core.ConsoleStateTestLimits.LIMITS);
  private final RecordRouter router = new RecordRouter(state, JournalSigning.VERIFIER);

  @Test
  void anIncidentIsShownAndItsTombstoneForgetsIt() {
    byte[] json =
        Topics.INCIDENTS
            .valueSerde()
            .serializer()
            .serialize(Topics.INCIDENTS.name(), Fixtures.incident(1, IncidentState.OPEN));
    assertThat(router.route(Topics.INCIDENTS.name(), Fixtures.INCIDENT, json)).isEmpty();
    assertThat(state.list(IncidentQuery.all(), Instant.now())).hasSize(1);

    assertThat(router.route(Topics.INCIDENTS.name(), Fixtures.INCIDENT, null)).isEmpty();
    assertThat(state.list(IncidentQuery.all(), Instant.now())).isEmpty();
  }

  @Test
  void anAlertIsKeptByItsFingerprintAndOneWithoutIsSkipped() {
    Instant at = Instant.parse("2026-12-01T10:00:00Z");
    byte[] json =
        Topics.ALERTS
            .valueSerde()
            .serializer()
            .serialize(
                Topics.ALERTS.name(), Fixtures.crashLooping(AlertStatus.FIRING, at, null, at));
    assertThat(router.route(Topics.ALERTS.name(), Fixtures.CRASH_LOOP, json)).isEmpty();
    assertThat(state.contextAlerts(at))
        .extracting(AlertRow::alertName)
        .containsExactly("KubePodCrashLooping");

    assertThat(
            router.route(
                Topics.ALERTS.name(),
                "k",
                "{\"alert_name\":\"NoFingerprint\"}".getBytes(StandardCharsets.UTF_8)))
        .contains(RecordRouter.SkipReason.MISSING_ID);
    assertThat(router.route(Topics.ALERTS.name(), "k", null))
        .contains(RecordRouter.SkipReason.DESERIALIZATION_FAILED);
  }

  @Test
  void aSignedActionIsItsStateAndAForgedOneIsListedAsUnverifiedOnly() {
    state.incident(Fixtures.incident(1, IncidentState.OPEN));
    RemediationAction proposed = Fixtures.cordon(ActionState.PROPOSED, Fixtures.OPENED);
    RemediationAction forged =
        Fixtures.cordon(ActionState.APPROVED, Fixtures.OPENED.plusSeconds(5));

    assertThat(router.route(JournalSigning.record(proposed, JournalSigning.tag(proposed), 0)))
        .isEmpty();
    // The proposal's genuine signature on an APPROVED record; then no header; then the HMAC of
    // a former version; then a key id nobody lists.
    String genuine = JournalSigning.tag(proposed);
    assertThat(router.route(JournalSigning.record(forged, genuine, 1)))
        .contains(RecordRouter.SkipReason.UNVERIFIED);
    assertThat(router.route(JournalSigning.record(forged, null, 2)))
        .contains(RecordRouter.SkipReason.UNVERIFIED);
    assertThat(
            router.route(
                JournalSigning.record(
                    forged,
                    "hmac-sha256=0427babe572be244466b438f0a99050bfda26986693c89f21fb646f21d1e802c",
                    3)))
        .contains(RecordRouter.SkipReason.UNVERIFIED);
    assertThat(
            router.route(
                JournalSigning.record(
                    forged, genuine.replace("ed25519=strata-demo-1:", "ed25519=other-key:"), 4)))
        .contains(RecordRouter.SkipReason.UNVERIFIED);

    IncidentPage page =
        state
            .page(
                Fixtures.INCIDENT,
                Fixtures.OPENED.plusSeconds(10),
                null,
                IncidentTelemetry.none(io.strata.console.core.ConsoleStateTestLimits.LIMITS))
            .orElseThrow();
    assertThat(page.plan()).extracting(PlanItem::state).containsExactly(ActionState.PROPOSED);
    assertThat(page.row().pendingActions()).isEqualTo(1);
    assertThat(page.unverifiedRecords())
        .extracting(UnverifiedRecord::offset, UnverifiedRecord::reason, UnverifiedRecord::keyId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(4L, VerificationReason.UNKNOWN_KEY, "other-key"),
            org.assertj.core.groups.Tuple.tuple(3L, VerificationReason.UNSUPPORTED_ALGORITHM, null),
            org.assertj.core.groups.Tuple.tuple(2L, VerificationReason.MISSING, null),
            org.assertj.core.groups.Tuple.tuple(
                1L, VerificationReason.BAD_SIGNATURE, "strata-demo-1"));
    assertThat(state.unverifiedRecords())
        .first()
        .isEqualTo(
            new UnverifiedRecord(
                Fixtures.CORDON,
                Fixtures.INCIDENT,
                forged.type(),
                ActionState.APPROVED,
                VerificationReason.UNKNOWN_KEY,
                "other-key",
                null,
                0,
                4));
  }

  @Test
  void poisonIsSkippedWithItsReason() {
    assertThat(
            router.route(
                Topics.REMEDIATION.name(), "k", "{not json".getBytes(StandardCharsets.UTF_8)))
        .contains(RecordRouter.SkipReason.DESERIALIZATION_FAILED);
    assertThat(router.route(Topics.INCIDENTS.name(), "k", "{}".getBytes(StandardCharsets.UTF_8)))
        .contains(RecordRouter.SkipReason.MISSING_ID);
    assertThat(router.route("strata.other.v1", "k", new byte[] {1}))
        .contains(RecordRouter.SkipReason.UNKNOWN_TOPIC);
  }
}
