package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The alert store and the list's "Alerts (context)" selection, pure. */
class ContextAlertsTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  private static final String RULE =
      "http://prometheus.local:9090/graph?g0.expr=kube_pod_container_status_restarts_total";
  private static final String XID_ALERT = "1f0e2d3c4b5a6978";

  @Test
  void aContextAlertRowCarriesWhatItsLabelsNameExactly() {
    AlertEvent firing = Fixtures.crashLooping(AlertStatus.FIRING, T0, null, T0.plusSeconds(5));
    assertThat(AlertRow.of(firing))
        .isEqualTo(
            new AlertRow(
                Fixtures.CRASH_LOOP,
                AlertStatus.FIRING,
                "KubePodCrashLooping",
                "warning",
                "local",
                null,
                "batch",
                null,
                "trainer-0",
                null,
                List.of("cluster local", "pod batch/trainer-0"),
                "Pod batch/trainer-0 is crash looping",
                T0,
                null,
                T0.plusSeconds(5),
                RULE,
                RULE));
  }

  @Test
  void theKeysNameClusterNodeWorkloadPodAndGpuOrTheNamespaceAlone() {
    Correlation all =
        Correlation.builder()
            .cluster("prod-a")
            .node("gpu-node-003")
            .namespace("inference")
            .workload("llm-serve")
            .pod("llm-serve-7c9f-abcde")
            .build();
    assertThat(AlertTexts.keys(all, Fixtures.GPU))
        .containsExactly(
            "cluster prod-a",
            "node gpu-node-003",
            "workload inference/llm-serve",
            "pod inference/llm-serve-7c9f-abcde",
            "GPU " + Fixtures.GPU);
    assertThat(AlertTexts.keys(Correlation.builder().namespace("batch").build(), " "))
        .containsExactly("namespace batch");
    assertThat(AlertTexts.keys(Correlation.empty(), null)).isEmpty();
  }

  @Test
  void theSummaryFallsBackToTheDescriptionAndIsCutAt500Characters() {
    assertThat(AlertTexts.summary(Map.of("description", "  disk almost full  ")))
        .isEqualTo("disk almost full");
    assertThat(AlertTexts.summary(Map.of("summary", " ", "description", "d"))).isEqualTo("d");
    assertThat(AlertTexts.summary(Map.of("runbook_url", "https://runbooks.local/x"))).isNull();
    String cut = AlertTexts.summary(Map.of("summary", "x".repeat(600)));
    assertThat(cut).hasSize(500).isEqualTo("x".repeat(499) + "…");
  }

  @Test
  void onlyAbsoluteHttpAndHttpsUrlsAreLinked() {
    assertThat(AlertTexts.link(RULE)).isEqualTo(RULE);
    assertThat(AlertTexts.link("HTTPS://grafana.local/alerting/list"))
        .isEqualTo("HTTPS://grafana.local/alerting/list");
    for (String text :
        new String[] {
          "javascript:alert(document.cookie)",
          "JavaScript://prometheus.local/%0aalert(1)",
          "data:text/html,<script>alert(1)</script>",
          "/graph?g0.expr=up",
          "//prometheus.local/graph",
          "http:///graph",
          "ftp://prometheus.local/graph",
          "http://prometheus.local/graph?q=a b",
          "\"><img src=x onerror=alert(1)>",
          "",
          null
        }) {
      assertThat(AlertTexts.link(text)).as(text).isNull();
    }
  }

  @Test
  void theBookKeepsTheLatestRecordOfEachFingerprint() {
    AlertBook book = new AlertBook(10, Duration.ofHours(1));
    assertThat(book.add(Fixtures.crashLooping(AlertStatus.FIRING, T0, null, T0))).isTrue();
    AlertEvent resolved =
        Fixtures.crashLooping(AlertStatus.RESOLVED, T0, T0.plusSeconds(300), T0.plusSeconds(301));
    assertThat(book.add(resolved)).isTrue();
    // A record received before the one kept (another trace-ingest replica, late) changes nothing.
    assertThat(book.add(Fixtures.crashLooping(AlertStatus.FIRING, T0, null, T0.plusSeconds(200))))
        .isFalse();
    assertThat(book.current(T0.plusSeconds(302))).containsExactly(resolved);
    assertThat(book.size()).isEqualTo(1);
  }

  @Test
  void theBookForgetsTheAlertWrittenLongestAgoPastItsCapacity() {
    AlertBook book = new AlertBook(2, Duration.ofHours(1));
    book.add(gpuAlert("a", T0, AlertStatus.FIRING));
    book.add(gpuAlert("b", T0, AlertStatus.FIRING));
    book.add(gpuAlert("a", T0, AlertStatus.FIRING));
    book.add(gpuAlert("c", T0, AlertStatus.FIRING));
    assertThat(book.current(T0)).extracting(AlertEvent::fingerprint).containsExactly("a", "c");
  }

  @Test
  void aResolvedAlertIsShownForTheRetentionAfterItsResolutionThenForgotten() {
    AlertBook book = new AlertBook(10, Duration.ofHours(1));
    // Resolved at 10:05 by Alertmanager, heard of at 10:05:10: shown until 11:05:10.
    book.add(
        Fixtures.crashLooping(AlertStatus.RESOLVED, T0, T0.plusSeconds(300), T0.plusSeconds(310)));
    book.add(gpuAlert(XID_ALERT, T0, AlertStatus.FIRING));
    Instant lastShown = T0.plusSeconds(310).plus(Duration.ofHours(1));
    assertThat(book.current(lastShown))
        .extracting(AlertEvent::fingerprint)
        .containsExactly(Fixtures.CRASH_LOOP, XID_ALERT);
    // A firing alert stays, however old.
    assertThat(book.current(lastShown.plusSeconds(1)))
        .extracting(AlertEvent::fingerprint)
        .containsExactly(XID_ALERT);
    assertThat(book.size()).isEqualTo(1);
    assertThat(book.current(T0.plus(Duration.ofDays(30)))).hasSize(1);
  }

  @Test
  void alertsThatAnIncidentCarriesAreNotContextAndTheRestAreNewestFirst() {
    AlertEvent crash =
        Fixtures.crashLooping(AlertStatus.FIRING, T0.plusSeconds(60), null, T0.plusSeconds(61));
    AlertEvent xid = gpuAlert(XID_ALERT, T0.plusSeconds(120), AlertStatus.FIRING);
    // Fired at 10:00 and joined to an incident that has since resolved; fired again at 10:03.
    AlertEvent before = gpuAlert("2b2b2b2b2b2b2b2b", T0, AlertStatus.RESOLVED);
    AlertEvent again = gpuAlert("2b2b2b2b2b2b2b2b", T0.plusSeconds(180), AlertStatus.FIRING);
    AlertEvent noStart = gpuAlert("3c3c3c3c3c3c3c3c", null, AlertStatus.FIRING);
    Incident open =
        Fixtures.withAlerts(
            Fixtures.incident(1, IncidentState.OPEN), List.of(Fixtures.evidence(xid)));
    Incident resolved =
        Fixtures.withAlerts(
            Fixtures.incident(
                "inc-0ld", 3, IncidentState.RESOLVED, "local", "ml", "w", T0.minusSeconds(600)),
            List.of(Fixtures.evidence(before)));

    assertThat(ContextAlerts.of(List.of(crash, xid, again, noStart), List.of(open, resolved)))
        .extracting(AlertRow::fingerprint)
        .containsExactly("2b2b2b2b2b2b2b2b", Fixtures.CRASH_LOOP, "3c3c3c3c3c3c3c3c");
    // The same alert, not fired again, is the resolved incident's: not context.
    assertThat(ContextAlerts.of(List.of(before), List.of(open, resolved))).isEmpty();
    assertThat(ContextAlerts.of(List.of(xid), List.of())).hasSize(1);
  }

  @Test
  void theStateShowsContextAlertsAndTheIncidentPageItsEvidenceAlerts() {
    ConsoleState state = new ConsoleState(ConsoleStateTestLimits.LIMITS);
    AlertEvent crash = Fixtures.crashLooping(AlertStatus.FIRING, T0, null, T0);
    AlertEvent hostile =
        Fixtures.alert(
            XID_ALERT,
            "<img src=x onerror=alert(1)>",
            AlertStatus.FIRING,
            Map.of("severity", "critical"),
            Map.of("summary", "XID 79 on " + Fixtures.GPU),
            Correlation.builder().cluster("local").node(Fixtures.NODE).build(),
            Fixtures.GPU,
            T0,
            null,
            "javascript:alert(1)",
            T0);
    state.alert(crash);
    state.alert(hostile);
    state.incident(
        Fixtures.withAlerts(
            Fixtures.incident(1, IncidentState.OPEN), List.of(Fixtures.evidence(hostile))));

    assertThat(state.contextAlerts(T0.plusSeconds(30)))
        .extracting(AlertRow::fingerprint)
        .containsExactly(Fixtures.CRASH_LOOP);
    assertThat(state.sizes()).containsEntry("alerts", 2);
    IncidentPage page =
        state
            .page(
                Fixtures.INCIDENT,
                T0.plusSeconds(30),
                null,
                IncidentTelemetry.none(ConsoleStateTestLimits.LIMITS))
            .orElseThrow();
    assertThat(page.alerts())
        .containsExactly(
            new IncidentAlert(
                XID_ALERT,
                "<img src=x onerror=alert(1)>",
                AlertStatus.FIRING,
                "critical",
                "XID 79 on " + Fixtures.GPU,
                T0,
                null,
                "javascript:alert(1)",
                null));
  }

  private static AlertEvent gpuAlert(String fingerprint, Instant startsAt, AlertStatus status) {
    return Fixtures.alert(
        fingerprint,
        "DCGMXidError",
        status,
        Map.of("alertname", "DCGMXidError", "Hostname", Fixtures.NODE, "severity", "critical"),
        Map.of("description", "XID 79 on " + Fixtures.GPU),
        Correlation.builder().cluster("local").node(Fixtures.NODE).build(),
        Fixtures.GPU,
        startsAt,
        status == AlertStatus.RESOLVED && startsAt != null ? startsAt.plusSeconds(60) : null,
        "http://prometheus.local:9090/graph?g0.expr=DCGM_FI_DEV_XID_ERRORS",
        startsAt == null ? T0 : startsAt.plusSeconds(1));
  }
}
