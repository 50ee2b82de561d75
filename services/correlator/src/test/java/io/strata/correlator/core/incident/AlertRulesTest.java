package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Severity;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Which opening rule an alert matches, and what the correlator keeps of it. */
class AlertRulesTest {

  private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");
  private static final AlertRules DEFAULTS = new AlertRules(CorrelatorSettings.Alerts.defaults());

  private static AlertEvent alert(
      Map<String, String> labels, Map<String, String> annotations, Correlation names) {
    return new AlertEvent(
        "fp-1",
        "c-receiver",
        AlertStatus.FIRING,
        "NVSentinelFatal",
        "critical",
        labels,
        annotations,
        T,
        null,
        "http://prometheus:9090/graph",
        "strata",
        "http://alertmanager:9093",
        names,
        "GPU-1",
        T.plusSeconds(30));
  }

  @Test
  void nvsentinelsFatalUnhealthyEventMatchesTheBuiltInRule() {
    assertThat(
            DEFAULTS.opening(
                Map.of("node", "n1", "is_fatal", "true", "is_healthy", "false", "agent", "a")))
        .contains(
            new AlertOpening("nvsentinel-fatal", IncidentClass.DEVICE_FAULT, Severity.CRITICAL));
    assertThat(DEFAULTS.opening(Map.of("is_fatal", "true", "is_healthy", "true"))).isEmpty();
    assertThat(DEFAULTS.opening(Map.of("is_fatal", "True", "is_healthy", "false"))).isEmpty();
    assertThat(DEFAULTS.opening(Map.of("is_fatal", "true"))).isEmpty();
  }

  @Test
  void theFirstMatchingRuleByNameWins() {
    TreeMap<String, CorrelatorSettings.AlertRule> rules = new TreeMap<>();
    rules.put(
        "b-degraded",
        new CorrelatorSettings.AlertRule(
            Map.of("alertname", "GpuHot"), IncidentClass.DEVICE_DEGRADED, Severity.WARNING));
    rules.put(
        "a-fault",
        new CorrelatorSettings.AlertRule(
            Map.of("alertname", "GpuHot", "severity", "critical"),
            IncidentClass.DEVICE_FAULT,
            Severity.CRITICAL));
    AlertRules custom = new AlertRules(new CorrelatorSettings.Alerts(rules, 10));

    assertThat(custom.opening(Map.of("alertname", "GpuHot", "severity", "critical")))
        .contains(new AlertOpening("a-fault", IncidentClass.DEVICE_FAULT, Severity.CRITICAL));
    assertThat(custom.opening(Map.of("alertname", "GpuHot", "severity", "warning")))
        .contains(new AlertOpening("b-degraded", IncidentClass.DEVICE_DEGRADED, Severity.WARNING));
  }

  @Test
  void theNoticeKeepsTheEvidenceTheNamesWithTheReceiversClusterAndTheRule() {
    AlertNotice notice =
        DEFAULTS.notice(
            alert(
                Map.of("is_fatal", "true", "is_healthy", "false"),
                Map.of("description", "GPU fell off the bus", "runbook_url", "http://r"),
                Correlation.builder().node("n1").build()));

    assertThat(notice.evidence())
        .isEqualTo(
            new AlertEvidence(
                "fp-1",
                "NVSentinelFatal",
                AlertStatus.FIRING,
                "critical",
                "GPU fell off the bus",
                T,
                null,
                "http://prometheus:9090/graph"));
    assertThat(notice.correlation())
        .isEqualTo(Correlation.builder().cluster("c-receiver").node("n1").build());
    assertThat(notice.gpuUuid()).isEqualTo("GPU-1");
    assertThat(notice.opening().rule()).isEqualTo("nvsentinel-fatal");
    assertThat(notice.firing()).isTrue();
    assertThat(notice.resolved()).isFalse();
  }

  @Test
  void theSummaryAnnotationWinsAndALongOneIsCutWithoutSplittingACharacter() {
    Correlation names = Correlation.builder().cluster("c1").node("n1").build();
    assertThat(
            DEFAULTS
                .notice(alert(Map.of(), Map.of("summary", "s", "description", "d"), names))
                .evidence()
                .summary())
        .isEqualTo("s");
    assertThat(DEFAULTS.notice(alert(Map.of(), Map.of(), names)).evidence().summary()).isNull();

    // 498 letters, then a character outside the BMP straddling the cut at 499.
    String longText = "x".repeat(498) + "\uD83D\uDD25" + "tail";
    String cut =
        DEFAULTS.notice(alert(Map.of(), Map.of("summary", longText), names)).evidence().summary();
    assertThat(cut).isEqualTo("x".repeat(498) + "…");
    assertThat(
            DEFAULTS
                .notice(alert(Map.of(), Map.of("summary", "y".repeat(600)), names))
                .evidence()
                .summary())
        .isEqualTo("y".repeat(499) + "…");
  }

  @Test
  void anAlertWithoutFingerprintIsRefused() {
    AlertEvent anonymous =
        new AlertEvent(
            null,
            "c1",
            AlertStatus.FIRING,
            "A",
            null,
            null,
            null,
            T,
            null,
            null,
            null,
            null,
            null,
            null,
            T);
    assertThatThrownBy(() -> DEFAULTS.notice(anonymous))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("an alert without its fingerprint");
  }
}
