package io.strata.console.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import io.strata.console.core.AlertRow;
import io.strata.console.core.ConsoleState;
import io.strata.console.core.IncidentQuery;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.IncidentState;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RecordRouterTest {

  private final ConsoleState state =
      new ConsoleState(io.strata.console.core.ConsoleStateTestLimits.LIMITS);
  private final RecordRouter router = new RecordRouter(state);

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
