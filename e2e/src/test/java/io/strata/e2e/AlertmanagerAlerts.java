package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.Incident;
import io.strata.events.topic.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Alerts posted to a real Alertmanager as Prometheus posts them, routed by it to trace-ingest's
 * webhook receiver and judged by the correlator: what the on-call path looks like when a team's
 * existing alert rules meet Strata. Label sets are those of the rules' metrics: dcgm-exporter's
 * ({@code Hostname}, {@code UUID}), NVSentinel's {@code health_events_total} ({@code node}, {@code
 * check_name}, {@code is_fatal}, {@code is_healthy}) and kube-state-metrics' ({@code namespace},
 * {@code pod}).
 */
final class AlertmanagerAlerts {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration NOTIFIED = Duration.ofSeconds(60);

  private final AlertmanagerProcess alertmanager;
  private final TopicRecorder recorder;
  private final Clock clock;
  private final Function<String, Incident> latest;

  AlertmanagerAlerts(
      AlertmanagerProcess alertmanager,
      TopicRecorder recorder,
      Clock clock,
      Function<String, Incident> latest) {
    this.alertmanager = alertmanager;
    this.recorder = recorder;
    this.clock = clock;
    this.latest = latest;
  }

  /** dcgm-exporter's XID alert on the GPU of an open incident: evidence on it, no new incident. */
  static Map<String, String> dcgmXid(String node, String gpuUuid) {
    return Map.of(
        "alertname", "DCGMXidErrors", "Hostname", node, "UUID", gpuUuid, "severity", "critical");
  }

  /** NVSentinel's fatal health event on a node: the default rule opens a DEVICE_FAULT. */
  static Map<String, String> nvsentinelFatal(String node) {
    return Map.of(
        "alertname", "NVSentinelFatalHealthEvent",
        "node", node,
        "agent", "gpu-health-monitor",
        "check_name", "GpuXidError",
        "recommended_action", "RESTART_VM",
        "is_fatal", "true",
        "is_healthy", "false",
        "severity", "critical");
  }

  /** kube-state-metrics' crash loop of a pod of no known workload: context only. */
  static Map<String, String> crashLoop() {
    return Map.of(
        "alertname", "KubePodCrashLooping",
        "namespace", "batch",
        "pod", "trainer-0",
        "severity", "warning");
  }

  /** Fires the alert and returns its fingerprint, read back from strata.alerts.v1. */
  String fire(Map<String, String> labels, String summary) {
    Instant since = clock.instant();
    post(labels, summary, null);
    return await(labels.get("alertname") + " firing on strata.alerts.v1")
        .atMost(NOTIFIED)
        .until(() -> published(labels, AlertStatus.FIRING, since), Optional::isPresent)
        .orElseThrow()
        .fingerprint();
  }

  /** Resolves the alert as Prometheus does (endsAt now) and waits for its resolved record. */
  void resolve(Map<String, String> labels) {
    Instant since = clock.instant();
    post(labels, null, clock.instant());
    await(labels.get("alertname") + " resolved on strata.alerts.v1")
        .atMost(NOTIFIED)
        .until(() -> published(labels, AlertStatus.RESOLVED, since), Optional::isPresent);
  }

  /** Waits until the incident's latest revision carries the alert with this status. */
  AlertEvidence awaitEvidence(String incidentId, String fingerprint, AlertStatus status) {
    return await("alert " + fingerprint + " " + status + " on " + incidentId)
        .atMost(NOTIFIED)
        .until(
            () ->
                latest.apply(incidentId).evidence().alerts().stream()
                    .filter(a -> a.fingerprint().equals(fingerprint) && a.status() == status)
                    .findFirst(),
            Optional::isPresent)
        .orElseThrow();
  }

  private Optional<AlertEvent> published(
      Map<String, String> labels, AlertStatus status, Instant since) {
    List<Observed<AlertEvent>> records =
        recorder.since(
            Topics.ALERTS, since, a -> a.status() == status && a.labels().equals(labels));
    assertThat(records).as("one record per alert and status").hasSizeLessThanOrEqualTo(1);
    return records.stream().map(Observed::value).findFirst();
  }

  private void post(Map<String, String> labels, String summary, Instant endsAt) {
    ArrayNode alerts = JSON.createArrayNode();
    ObjectNode alert = alerts.addObject();
    alert.set("labels", JSON.valueToTree(labels));
    if (summary != null) {
      alert.putObject("annotations").put("summary", summary);
    }
    if (endsAt != null) {
      alert.put("endsAt", endsAt.toString());
    }
    try {
      alertmanager.post(JSON.writeValueAsString(alerts));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
