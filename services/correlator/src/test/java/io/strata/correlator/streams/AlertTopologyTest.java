package io.strata.correlator.streams;

import static io.strata.correlator.streams.Scenario.CLUSTER;
import static io.strata.correlator.streams.Scenario.NS;
import static io.strata.correlator.streams.Scenario.at;
import static io.strata.correlator.streams.Scenario.healthy;
import static io.strata.correlator.streams.Scenario.normalFields;
import static io.strata.correlator.streams.Scenario.pod;
import static io.strata.correlator.streams.Scenario.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.incident.IncidentIds;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.k8s.PodPhase;
import io.strata.events.remediation.ActionType;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * Alertmanager alerts on strata.alerts.v1 through the real topology: evidence on the incident of
 * their node or workload, an incident of their own only by an opening rule (the built-in
 * nvsentinel-fatal here), closed by their resolution; context only otherwise.
 */
class AlertTopologyTest {

  private static final String FAULT_A1 =
      IncidentIds.of(IncidentClass.DEVICE_FAULT, CLUSTER, "node-1/GPU-a1", 1);
  private static final String FAULT_NODE_2 =
      IncidentIds.of(IncidentClass.DEVICE_FAULT, CLUSTER, "node-2", 1);

  /** NVSentinel's health_events_total labels of a fatal, unhealthy event on {@code node}. */
  private static Map<String, String> nvsentinelFatal(String node) {
    return Map.of(
        "node", node,
        "agent", "syslog-health-monitor",
        "check_name", "SysLogsXIDError",
        "recommended_action", "RESTART_BM",
        "is_fatal", "true",
        "is_healthy", "false",
        "severity", "critical");
  }

  private static Correlation onNode(String node) {
    return Correlation.builder().cluster(CLUSTER).node(node).build();
  }

  private static AlertEvent xidAlert(AlertStatus status, Instant endsAt) {
    return Scenario.alert(
        "f-xid-a1",
        status,
        "GpuXidError",
        Map.of("severity", "critical", "err_code", "79", "UUID", "GPU-a1"),
        onNode("node-1"),
        "GPU-a1",
        at(13),
        endsAt);
  }

  @Test
  void anAlertJoinsTheXid79IncidentOnItsGpuAsEvidenceAndItsResolutionOnlyUpdatesIt() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(1));
      s.xid("node-1", "GPU-a1", 79, XidAction.RESTART_BM, XidOrigin.DEVICE, at(12));

      s.alert(xidAlert(AlertStatus.FIRING, null), at(20));
      // NVSentinel saw the same fault: its rule matches, but the open incident takes the alert.
      s.alert(
          Scenario.alert(
              "f-nvs-1",
              AlertStatus.FIRING,
              "NVSentinelFatalHealthEvent",
              nvsentinelFatal("node-1"),
              onNode("node-1"),
              null,
              at(14),
              null),
          at(25));
      s.alert(xidAlert(AlertStatus.RESOLVED, at(40)), at(41));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(FAULT_A1);
      assertThat(incidents).extracting(Incident::revision).containsExactly(1L, 2L, 3L, 4L);
      assertThat(incidents).extracting(Incident::state).containsOnly(IncidentState.OPEN);
      assertThat(incidents.get(0).evidence().alerts()).isEmpty();
      Incident joined = incidents.get(1);
      assertThat(joined.updatedAt()).isEqualTo(at(20));
      assertThat(joined.trigger().signal()).isEqualTo(Signal.XID);
      assertThat(joined.evidence().alerts())
          .containsExactly(
              new AlertEvidence(
                  "f-xid-a1",
                  "GpuXidError",
                  AlertStatus.FIRING,
                  "critical",
                  "GpuXidError fired",
                  at(13),
                  null,
                  "http://prometheus:9090/graph?g0.expr=GpuXidError"));
      assertThat(incidents.get(2).evidence().alerts())
          .extracting(AlertEvidence::fingerprint)
          .containsExactly("f-nvs-1", "f-xid-a1");
      Incident updated = incidents.get(3);
      assertThat(updated.updatedAt()).isEqualTo(at(41));
      assertThat(updated.evidence().alerts())
          .extracting(AlertEvidence::fingerprint, AlertEvidence::status, AlertEvidence::endsAt)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("f-nvs-1", AlertStatus.FIRING, null),
              org.assertj.core.groups.Tuple.tuple("f-xid-a1", AlertStatus.RESOLVED, at(40)));
      // The device evidence is still the XID's.
      assertThat(updated.evidence().devices().get(0).xids()).containsExactly(79);
      assertThat(counter(s, "device", "JOINED")).isEqualTo(3.0);
      assertThat(counter(s, "device", "OPENED")).isZero();
    }
  }

  @Test
  void aMappedAlertAloneOpensADeviceFaultOnItsNodeAndItsResolutionClosesIt() {
    try (Scenario s = new Scenario()) {
      AlertEvent firing =
          Scenario.alert(
              "f-nvs-2",
              AlertStatus.FIRING,
              "NVSentinelFatalHealthEvent",
              nvsentinelFatal("node-2"),
              onNode("node-2"),
              null,
              at(3),
              null);
      s.alert(firing, at(5));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).hasSize(1);
      Incident opened = incidents.get(0);
      assertThat(s.incidentRecords().get(0).key()).isEqualTo(FAULT_NODE_2);
      assertThat(opened.incidentId()).isEqualTo(FAULT_NODE_2);
      assertThat(opened.revision()).isEqualTo(1);
      assertThat(opened.incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
      assertThat(opened.severity()).isEqualTo(Severity.CRITICAL);
      assertThat(opened.state()).isEqualTo(IncidentState.OPEN);
      assertThat(opened.summary())
          .isEqualTo("DEVICE_FAULT: alert NVSentinelFatalHealthEvent on node-2");
      assertThat(opened.scope().cluster()).isEqualTo(CLUSTER);
      assertThat(opened.scope().nodes()).containsExactly("node-2");
      assertThat(opened.scope().gpuUuids()).isEmpty();
      assertThat(opened.scope().singleNode()).isTrue();
      assertThat(opened.correlation()).isEqualTo(onNode("node-2"));
      assertThat(opened.trigger().signal()).isEqualTo(Signal.ALERT);
      assertThat(opened.trigger().windowStart()).isEqualTo(at(3));
      assertThat(opened.trigger().windowEnd()).isEqualTo(at(5));
      // As for an XID 79: the remediator proposes the node's quarantine.
      assertThat(opened.suggestedActions())
          .containsExactly(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES);
      assertThat(opened.openedAt()).isEqualTo(at(5));
      assertThat(opened.evidence().alerts())
          .extracting(AlertEvidence::fingerprint, AlertEvidence::status)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("f-nvs-2", AlertStatus.FIRING));
      assertThat(opened.evidence().notes())
          .containsExactly(
              "opened by the Alertmanager alert NVSentinelFatalHealthEvent (fingerprint f-nvs-2,"
                  + " rule nvsentinel-fatal): it resolves when Alertmanager resolves that alert");

      s.alert(
          Scenario.alert(
              "f-nvs-2",
              AlertStatus.RESOLVED,
              "NVSentinelFatalHealthEvent",
              nvsentinelFatal("node-2"),
              onNode("node-2"),
              null,
              at(3),
              at(64)),
          at(65));

      incidents = s.incidents();
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(FAULT_NODE_2);
      Incident resolved = incidents.get(1);
      assertThat(resolved.revision()).isEqualTo(2);
      assertThat(resolved.state()).isEqualTo(IncidentState.RESOLVED);
      assertThat(resolved.resolvedAt()).isEqualTo(at(65));
      assertThat(resolved.timeToRecoverMillis()).isEqualTo(60_000L);
      assertThat(resolved.evidence().alerts())
          .extracting(AlertEvidence::status, AlertEvidence::endsAt)
          .containsExactly(org.assertj.core.groups.Tuple.tuple(AlertStatus.RESOLVED, at(64)));
      assertThat(resolved.evidence().notes())
          .contains(
              "resolved: Alertmanager resolved NVSentinelFatalHealthEvent, the alert that opened"
                  + " the incident");
      assertThat(counter(s, "device", "OPENED")).isEqualTo(1.0);
      assertThat(counter(s, "device", "JOINED")).isEqualTo(1.0);
    }
  }

  @Test
  void anXidAfterTheNodesAlertIncidentTakesItOverAndTheAlertsResolutionNoLongerClosesIt() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("idle-0", "idle", "node-2", "v1", PodPhase.RUNNING, "GPU-i0"), at(0));
      s.sample(sample("node-2", "GPU-i0", "idle-0", HealthStatus.PASS, normalFields(0)), at(1));
      s.alert(
          Scenario.alert(
              "f-nvs-3",
              AlertStatus.FIRING,
              "NVSentinelFatalHealthEvent",
              nvsentinelFatal("node-2"),
              onNode("node-2"),
              null,
              at(3),
              null),
          at(5));
      s.xid("node-2", "GPU-i0", 79, XidAction.RESTART_BM, XidOrigin.DEVICE, at(70));
      s.alert(
          Scenario.alert(
              "f-nvs-3",
              AlertStatus.RESOLVED,
              "NVSentinelFatalHealthEvent",
              nvsentinelFatal("node-2"),
              onNode("node-2"),
              null,
              at(3),
              at(80)),
          at(81));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(FAULT_NODE_2);
      assertThat(incidents)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.OPEN, IncidentState.OPEN);
      Incident taken = incidents.get(1);
      assertThat(taken.trigger().signal()).isEqualTo(Signal.XID);
      assertThat(taken.scope().gpuUuids()).containsExactly("GPU-i0");
      assertThat(taken.openedAt()).isEqualTo(at(5));
      assertThat(taken.evidence().alerts())
          .extracting(AlertEvidence::fingerprint)
          .containsExactly("f-nvs-3");
      assertThat(incidents.get(2).evidence().alerts())
          .extracting(AlertEvidence::status)
          .containsExactly(AlertStatus.RESOLVED);
      assertThat(
              s.driver
                  .<String, io.strata.correlator.core.incident.DeviceRecovery>getKeyValueStore(
                      StoreNames.DEVICE_INCIDENTS)
                  .get("c1/node-2/GPU-i0|DEVICE_FAULT")
                  .openedBy())
          .isNull();
    }
  }

  @Test
  void anAlertNamingOnlyAWorkloadJoinsTheDeviceIncidentThatAffectsIt() {
    Scenario.Server a = new Scenario.Server("model-a", "model-a-0", "node-1", "GPU-a1", "v1");
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(0));
      s.traffic(at(0), at(60), Duration.ofMillis(250), t -> a, t -> healthy());
      s.xid("node-1", "GPU-a1", 79, XidAction.RESTART_BM, XidOrigin.DEVICE, at(60));

      s.alert(
          Scenario.alert(
              "f-latency-a",
              AlertStatus.FIRING,
              "InferenceLatencyHigh",
              Map.of("severity", "warning", "namespace", NS, "workload", "model-a"),
              Correlation.builder().cluster(CLUSTER).namespace(NS).workload("model-a").build(),
              null,
              at(61),
              null),
          at(62));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(FAULT_A1);
      assertThat(incidents.get(incidents.size() - 1).evidence().alerts())
          .extracting(AlertEvidence::fingerprint, AlertEvidence::severity)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("f-latency-a", "warning"));
      assertThat(counter(s, "workload", "JOINED")).isEqualTo(1.0);
    }
  }

  @Test
  void anUnmappedAlertWithoutAnIncidentOpensNothingAndOneNamingNothingIsCounted() {
    try (Scenario s = new Scenario()) {
      s.alert(
          Scenario.alert(
              "f-temp-3",
              AlertStatus.FIRING,
              "GpuTemperatureHigh",
              Map.of("severity", "warning"),
              onNode("node-3"),
              "GPU-c1",
              at(1),
              null),
          at(2));
      // NVSentinel's labels, but healthy: no rule matches.
      s.alert(
          Scenario.alert(
              "f-nvs-ok",
              AlertStatus.FIRING,
              "NVSentinelHealthEvent",
              Map.of("node", "node-3", "is_fatal", "false", "is_healthy", "true"),
              onNode("node-3"),
              null,
              at(1),
              null),
          at(3));
      s.alert(
          Scenario.alert(
              "f-watchdog",
              AlertStatus.FIRING,
              "Watchdog",
              Map.of(),
              Correlation.builder().cluster(CLUSTER).build(),
              null,
              at(1),
              null),
          at(4));

      assertThat(s.incidents()).isEmpty();
      assertThat(counter(s, "device", "CONTEXT")).isEqualTo(2.0);
      assertThat(s.registry.counter("strata.correlator.alerts.without.target").count())
          .isEqualTo(1.0);
    }
  }

  @Test
  void anUnreadableAlertIsDeadLetteredAsItArrived() {
    try (Scenario s = new Scenario()) {
      var raw =
          s.driver.createInputTopic(
              Topics.ALERTS.name(), new StringSerializer(), new ByteArraySerializer());
      var deadLetters =
          s.driver.createOutputTopic(
              Topics.DEADLETTER.name(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
      byte[] garbage = "{\"fingerprint\":\"f1\",\"status\":".getBytes(StandardCharsets.UTF_8);

      raw.pipeInput("f1", garbage, at(1));

      List<TestRecord<byte[], byte[]>> parked = deadLetters.readRecordsToList();
      assertThat(parked).hasSize(1);
      TestRecord<byte[], byte[]> letter = parked.get(0);
      assertThat(letter.value()).isEqualTo(garbage);
      assertThat(letter.key()).isEqualTo("f1".getBytes(StandardCharsets.UTF_8));
      assertThat(header(letter, DeadLetterHeaders.REASON)).isEqualTo("DESERIALIZATION_FAILED");
      assertThat(header(letter, DeadLetterHeaders.ORIGIN_TOPIC)).isEqualTo("strata.alerts.v1");
      assertThat(s.incidents()).isEmpty();
    }
  }

  private static String header(TestRecord<byte[], byte[]> record, String name) {
    return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
  }

  private static double counter(Scenario s, String side, String outcome) {
    return s.registry.counter("strata.correlator.alerts", "side", side, "outcome", outcome).count();
  }
}
