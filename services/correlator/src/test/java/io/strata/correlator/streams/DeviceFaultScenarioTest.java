package io.strata.correlator.streams;

import static io.strata.correlator.streams.Scenario.CLUSTER;
import static io.strata.correlator.streams.Scenario.at;
import static io.strata.correlator.streams.Scenario.normalFields;
import static io.strata.correlator.streams.Scenario.pod;
import static io.strata.correlator.streams.Scenario.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.incident.IncidentIds;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.k8s.PodPhase;
import io.strata.events.remediation.ActionType;
import io.strata.events.trace.Stage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/** Device-layer incidents: they stand on their own, scoped to the node and GPU. */
class DeviceFaultScenarioTest {

  private static final Scenario.Server A =
      new Scenario.Server("model-a", "model-a-0", "node-1", "GPU-a1", "v1");

  @Test
  void deviceXidOnAGpuServingWorkloadAOpensOneDeviceFaultThatCleanSamplesAloneDoNotResolve() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      s.pod(pod("model-b-0", "model-b", "node-1", "v1", PodPhase.RUNNING, "GPU-b1"), at(0));
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(1));
      s.sample(sample("node-1", "GPU-b1", "model-b-0", HealthStatus.PASS, normalFields(70)), at(1));
      s.traffic(at(2), at(10), Duration.ofMillis(500), t -> A, t -> Scenario.healthy());

      s.xid("node-1", "GPU-a1", 79, XidAction.RESET_GPU, XidOrigin.DEVICE, at(12));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).hasSize(1);
      Incident fault = incidents.get(0);
      assertThat(fault.incidentId())
          .isEqualTo(IncidentIds.of(IncidentClass.DEVICE_FAULT, CLUSTER, "node-1/GPU-a1", 1));
      assertThat(s.incidentRecords().get(0).key()).isEqualTo(fault.incidentId());
      assertThat(fault.incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
      assertThat(fault.state()).isEqualTo(IncidentState.OPEN);
      assertThat(fault.severity()).isEqualTo(Severity.CRITICAL);
      assertThat(fault.revision()).isEqualTo(1);
      assertThat(fault.suggestedActions())
          .containsExactly(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES);
      assertThat(fault.scope().cluster()).isEqualTo(CLUSTER);
      assertThat(fault.scope().nodes()).containsExactly("node-1");
      assertThat(fault.scope().gpuUuids()).containsExactly("GPU-a1");
      assertThat(fault.scope().workloads()).containsExactly("ml/model-a");
      assertThat(fault.scope().modelVersions()).containsExactly("v1");
      assertThat(fault.scope().singleNode()).isTrue();
      assertThat(fault.scope().singleModel()).isTrue();
      assertThat(fault.trigger().signal()).isEqualTo(Signal.XID);
      assertThat(fault.trigger().value()).isEqualTo(79.0);
      assertThat(fault.correlation().workload()).isEqualTo("model-a");
      assertThat(fault.correlation().pod()).isEqualTo("model-a-0");
      assertThat(fault.evidence().devices()).hasSize(1);
      assertThat(fault.evidence().devices().get(0).gpuUuid()).isEqualTo("GPU-a1");
      assertThat(fault.evidence().devices().get(0).xids()).containsExactly(79);
      assertThat(fault.evidence().devices().get(0).fields())
          .containsEntry("gpu_util_percent", 80.0);
      assertThat(fault.evidence().exemplarTraces()).hasSize(3);
      assertThat(fault.evidence().exemplarTraces())
          .allSatisfy(
              trace -> {
                assertThat(trace.gpuUuid()).isEqualTo("GPU-a1");
                assertThat(trace.longestStage()).isEqualTo(Stage.GPU_EXECUTE);
                assertThat(trace.stageMillis()).containsEntry(Stage.GPU_EXECUTE, 100.0);
              });
      assertThat(fault.openedAt()).isEqualTo(at(12));
      assertThat(fault.evidence().notes()).anyMatch(n -> n.contains("RESET_GPU"));

      // Clean samples after the fault: the first starts mitigation; model-a has request traffic,
      // so its requests must be back in band too (DeviceRecoveryScenarioTest).
      for (int i = 1; i <= 3; i++) {
        s.sample(
            sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(0)),
            at(12 + 5L * i));
      }
      incidents = s.incidents();
      assertThat(incidents)
          .extracting(Incident::state)
          .containsExactly(IncidentState.OPEN, IncidentState.MITIGATING);
      assertThat(incidents).extracting(Incident::incidentId).containsOnly(fault.incidentId());
      assertThat(incidents).extracting(Incident::revision).containsExactly(1L, 2L);
      assertThat(incidents.get(1).updatedAt()).isEqualTo(at(17));
      assertThat(s.findings()).isEmpty();
    }
  }

  @Test
  void publishedIncidentsCarryTheirOwnCloudEventsHeadersAndTheCausesTraceContext() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      RecordHeaders headers = new RecordHeaders();
      String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
      headers.add("traceparent", traceparent.getBytes(StandardCharsets.UTF_8));
      headers.add("ce_source", "/strata/device-ingest".getBytes(StandardCharsets.UTF_8));
      s.xid("node-1", "GPU-a1", 48, XidAction.WORKFLOW_XID_48, XidOrigin.DEVICE, at(5), headers);

      TestRecord<String, Incident> record = s.incidentRecords().get(0);
      CloudEventMetadata ce = CloudEventHeaders.read(record.headers()).orElseThrow();
      assertThat(ce.type()).isEqualTo("io.strata.incident.v1");
      assertThat(ce.source()).isEqualTo("/strata/correlator");
      assertThat(ce.id()).isEqualTo(record.value().incidentId() + "/1");
      assertThat(ce.subject()).isEqualTo(record.key());
      assertThat(ce.time()).isEqualTo(at(5));
      assertThat(ce.contentType()).isEqualTo("application/json");
      assertThat(CloudEventHeaders.last(record.headers(), "traceparent")).isEqualTo(traceparent);
    }
  }

  @Test
  void healthFailIsADeviceFaultToo() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.FAIL, normalFields(10)), at(1));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).hasSize(1);
      assertThat(incidents.get(0).incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
      assertThat(incidents.get(0).trigger().signal()).isEqualTo(Signal.HEALTH);
      assertThat(incidents.get(0).evidence().devices().get(0).health())
          .isEqualTo(HealthStatus.FAIL);
    }
  }

  @Test
  void applicationXidIsAnAppErrorWithoutAnyNodeAction() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(1));

      s.xid("node-1", "GPU-a1", 13, XidAction.RESTART_APP, XidOrigin.APPLICATION, at(5));

      List<Incident> incidents = s.incidents();
      assertThat(incidents).hasSize(1);
      Incident appError = incidents.get(0);
      assertThat(appError.incidentClass()).isEqualTo(IncidentClass.APP_ERROR);
      assertThat(appError.severity()).isEqualTo(Severity.WARNING);
      assertThat(appError.suggestedActions()).containsExactly(ActionType.NOTIFY_OWNER);
      assertThat(appError.scope().workloads()).containsExactly("ml/model-a");
      assertThat(appError.trigger().value()).isEqualTo(13.0);
      assertThat(appError.incidentId())
          .isEqualTo(IncidentIds.of(IncidentClass.APP_ERROR, CLUSTER, "node-1/GPU-a1", 1));
      assertThat(appError.evidence().notes())
          .contains("application XID: the workload's fault, no node action");
    }
  }

  @Test
  void deviceXidWithoutANodeActionIsEvidenceNotAnIncident() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("model-a-0", "model-a", "node-1", "v1", PodPhase.RUNNING, "GPU-a1"), at(0));
      s.sample(sample("node-1", "GPU-a1", "model-a-0", HealthStatus.PASS, normalFields(80)), at(1));

      s.xid("node-1", "GPU-a1", 92, XidAction.CONTACT_SUPPORT, XidOrigin.DEVICE, at(5));

      assertThat(s.incidents()).isEmpty();
      assertThat(s.registry.counter("strata.correlator.xids.evidence.only").count()).isEqualTo(1.0);
    }
  }
}
