package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.correlator.core.incident.AlertNotice;
import io.strata.correlator.core.incident.AlertOpening;
import io.strata.correlator.core.incident.WindowVerdict;
import io.strata.events.Correlation;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Severity;
import io.strata.events.json.StrataJson;
import io.strata.events.serde.JsonSerde;
import org.junit.jupiter.api.Test;

/**
 * The node, workload and device-incident inputs cross repartition topics (all but the binary
 * requests and GPU states) and are parked as dead letters as JSON. These literals pin that form
 * (kind, object_key / tracker_key / workload_key, the payload under its field name, absent fields
 * omitted), so a change to it is a decision and not an accident of a rename.
 */
class InputWireFormatTest {

  private final JsonSerde<NodeInput> nodeSerde = new JsonSerde<>(NodeInput.class);
  private final JsonSerde<WorkloadInput> workloadSerde = new JsonSerde<>(WorkloadInput.class);
  private final JsonSerde<DeviceIncidentInput> deviceSerde =
      new JsonSerde<>(DeviceIncidentInput.class);

  @Test
  void nodeInputsDecodeFromTheirJsonForm() {
    assertThat(node("{\"kind\":\"POD\",\"object_key\":\"c1/ns/p1\",\"pod\":{\"uid\":\"u1\"}}"))
        .isInstanceOfSatisfying(
            NodeInput.Pod.class,
            pod -> {
              assertThat(pod.podKey()).isEqualTo("c1/ns/p1");
              assertThat(pod.pod().uid()).isEqualTo("u1");
            });
    assertThat(node("{\"kind\":\"POD_REMOVED\",\"object_key\":\"c1/ns/p1\"}"))
        .isEqualTo(new NodeInput.PodRemoved("c1/ns/p1"));
    assertThat(node("{\"kind\":\"CLAIM\",\"object_key\":\"c1/ns/gpu\",\"claim\":{\"uid\":\"u2\"}}"))
        .isInstanceOfSatisfying(
            NodeInput.Claim.class,
            claim -> {
              assertThat(claim.claimKey()).isEqualTo("c1/ns/gpu");
              assertThat(claim.claim().uid()).isEqualTo("u2");
            });
    assertThat(node("{\"kind\":\"CLAIM_REMOVED\",\"object_key\":\"c1/ns/gpu\"}"))
        .isEqualTo(new NodeInput.ClaimRemoved("c1/ns/gpu"));
    assertThat(
            node("{\"kind\":\"TRACE\",\"object_key\":\"GPU-1\",\"trace\":{\"trace_id\":\"t1\"}}"))
        .isInstanceOfSatisfying(
            NodeInput.Trace.class,
            trace -> {
              assertThat(trace.gpuUuid()).isEqualTo("GPU-1");
              assertThat(trace.trace().traceId()).isEqualTo("t1");
            });
    assertThat(
            node(
                "{\"kind\":\"SAMPLE\",\"object_key\":\"GPU-1\",\"sample\":{\"gpu_uuid\":\"GPU-1\"}}"))
        .isInstanceOfSatisfying(
            NodeInput.Sample.class, s -> assertThat(s.sample().gpuUuid()).isEqualTo("GPU-1"));
    assertThat(node("{\"kind\":\"XID\",\"object_key\":\"GPU-1\",\"xid\":{\"gpu_uuid\":\"GPU-1\"}}"))
        .isInstanceOfSatisfying(
            NodeInput.Xid.class, x -> assertThat(x.xid().gpuUuid()).isEqualTo("GPU-1"));
    assertThat(node("{\"kind\":\"NODE\",\"node\":{\"name\":\"n1\"}}"))
        .isInstanceOfSatisfying(
            NodeInput.Node.class, n -> assertThat(n.node().name()).isEqualTo("n1"));
    assertThat(node("{\"kind\":\"NODE_REMOVED\"}")).isEqualTo(new NodeInput.NodeRemoved());
  }

  @Test
  void workloadInputsDecodeFromTheirJsonForm() {
    assertThat(workload("{\"kind\":\"GPU_RELEASED\",\"object_key\":\"GPU-1\"}"))
        .isEqualTo(new WorkloadInput.GpuReleased("GPU-1"));
    assertThat(workload("{\"kind\":\"POD_REMOVED\",\"object_key\":\"c1/ns/p1\"}"))
        .isEqualTo(new WorkloadInput.PodRemoved("c1/ns/p1"));
    assertThat(workload("{\"kind\":\"DEVICE_WATCH\",\"object_key\":\"c1/n1/GPU-1|DEVICE_FAULT\"}"))
        .isEqualTo(new WorkloadInput.DeviceWatch("c1/n1/GPU-1|DEVICE_FAULT"));
    assertThat(
            workload(
                "{\"kind\":\"GPU\",\"object_key\":\"GPU-1\",\"gpu\":{\"gpu_uuid\":\"GPU-1\"}}"))
        .isInstanceOfSatisfying(
            WorkloadInput.Gpu.class,
            gpu -> {
              assertThat(gpu.gpuUuid()).isEqualTo("GPU-1");
              assertThat(gpu.gpu().gpuUuid()).isEqualTo("GPU-1");
            });
    assertThat(
            workload(
                "{\"kind\":\"POD\",\"object_key\":\"c1/ns/p1\",\"pod\":{\"pod_key\":\"c1/ns/p1\"}}"))
        .isInstanceOfSatisfying(
            WorkloadInput.Pod.class, pod -> assertThat(pod.podKey()).isEqualTo("c1/ns/p1"));
    assertThat(workload("{\"kind\":\"WINDOW\",\"window\":{\"requests\":7}}"))
        .isInstanceOfSatisfying(
            WorkloadInput.Window.class, w -> assertThat(w.window().requests()).isEqualTo(7L));
    assertThat(workload("{\"kind\":\"EVENT\",\"event\":{\"event_uid\":\"e1\"}}"))
        .isInstanceOfSatisfying(
            WorkloadInput.Event.class, e -> assertThat(e.event().eventUid()).isEqualTo("e1"));
  }

  @Test
  void deviceIncidentInputsDecodeFromTheirJsonForm() {
    String tracker = "c1/n1/GPU-1|DEVICE_FAULT";
    assertThat(device("{\"kind\":\"CLEAN\",\"tracker_key\":\"" + tracker + "\"}"))
        .isEqualTo(new DeviceIncidentInput.Clean(tracker));
    assertThat(
            device(
                "{\"kind\":\"QUIET\",\"tracker_key\":\""
                    + tracker
                    + "\",\"workload_key\":\"c1/ns/w\"}"))
        .isEqualTo(new DeviceIncidentInput.Quiet(tracker, "c1/ns/w"));
    assertThat(
            device(
                "{\"kind\":\"VERDICT\",\"tracker_key\":\""
                    + tracker
                    + "\",\"workload_key\":\"c1/ns/w\",\"verdict\":\"IN_BAND\"}"))
        .isEqualTo(new DeviceIncidentInput.Verdict(tracker, "c1/ns/w", WindowVerdict.Kind.IN_BAND));
    assertThat(device("{\"kind\":\"NODE\",\"node\":{\"known\":true,\"ready\":true}}"))
        .isInstanceOfSatisfying(
            DeviceIncidentInput.Node.class, n -> assertThat(n.node().ready()).isTrue());
    assertThat(
            device(
                "{\"kind\":\"TROUBLE\",\"tracker_key\":\""
                    + tracker
                    + "\",\"workload_key\":\"c1/ns/w\",\"gpu\":{\"incident_class\":\"DEVICE_FAULT\","
                    + "\"gpu_uuid\":\"GPU-1\",\"recent_xids\":[79]},\"node\":{\"known\":true}}"))
        .isInstanceOfSatisfying(
            DeviceIncidentInput.Trouble.class,
            t -> {
              assertThat(t.trackerKey()).isEqualTo(tracker);
              assertThat(t.workloadKey()).isEqualTo("c1/ns/w");
              assertThat(t.gpu().incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
              assertThat(t.gpu().gpuUuid()).isEqualTo("GPU-1");
              assertThat(t.gpu().recentXids()).containsExactly(79);
              assertThat(t.node().known()).isTrue();
            });
    assertThat(
            device(
                "{\"kind\":\"REQUEST_EVIDENCE\",\"tracker_key\":\""
                    + tracker
                    + "\",\"workload_key\":\"c1/ns/w\",\"request_evidence\":"
                    + "{\"workload_key\":\"c1/ns/w\"}}"))
        .isInstanceOfSatisfying(
            DeviceIncidentInput.Evidence.class,
            e -> assertThat(e.requestEvidence().workloadKey()).isEqualTo("c1/ns/w"));
  }

  /** An alert as both incident sides receive it (AlertNotice under {@code alert}). */
  private static final String NOTICE =
      "{\"evidence\":{\"fingerprint\":\"f1\",\"alert_name\":\"A\",\"status\":\"FIRING\"},"
          + "\"correlation\":{\"cluster\":\"c1\",\"node\":\"n1\"},\"gpu_uuid\":\"GPU-1\","
          + "\"opening\":{\"rule\":\"nvsentinel-fatal\",\"incident_class\":\"DEVICE_FAULT\","
          + "\"severity\":\"CRITICAL\"}}";

  private static AlertNotice notice() {
    return new AlertNotice(
        new AlertEvidence("f1", "A", AlertStatus.FIRING, null, null, null, null, null),
        Correlation.builder().cluster("c1").node("n1").build(),
        "GPU-1",
        new AlertOpening("nvsentinel-fatal", IncidentClass.DEVICE_FAULT, Severity.CRITICAL));
  }

  @Test
  void alertInputsDecodeFromTheirJsonForm() {
    assertThat(device("{\"kind\":\"NODE_ALERT\",\"alert\":" + NOTICE + "}"))
        .isEqualTo(new DeviceIncidentInput.NodeAlert(notice()));
    assertThat(
            device(
                "{\"kind\":\"WORKLOAD_ALERT\",\"tracker_key\":\"c1/n1/GPU-1|DEVICE_FAULT\","
                    + "\"alert\":"
                    + NOTICE
                    + "}"))
        .isEqualTo(new DeviceIncidentInput.WorkloadAlert("c1/n1/GPU-1|DEVICE_FAULT", notice()));
    assertThat(workload("{\"kind\":\"ALERT\",\"alert\":" + NOTICE + "}"))
        .isEqualTo(new WorkloadInput.Alert(notice()));
  }

  @Test
  void anAlertIsWrittenWithItsFieldsOnly() throws Exception {
    assertThat(written(deviceSerde.serialize("t", new DeviceIncidentInput.NodeAlert(notice()))))
        .isEqualTo(tree("{\"kind\":\"NODE_ALERT\",\"alert\":" + NOTICE + "}"));
    assertThat(written(workloadSerde.serialize("t", new WorkloadInput.Alert(notice()))))
        .isEqualTo(tree("{\"kind\":\"ALERT\",\"alert\":" + NOTICE + "}"));
  }

  @Test
  void theWriterPutsKindAndKeysAtTheTopLevel() throws Exception {
    assertThat(written(nodeSerde.serialize("t", new NodeInput.Trace("GPU-1", null))))
        .isEqualTo(tree("{\"kind\":\"TRACE\",\"object_key\":\"GPU-1\"}"));
    assertThat(written(nodeSerde.serialize("t", new NodeInput.NodeRemoved())))
        .isEqualTo(tree("{\"kind\":\"NODE_REMOVED\"}"));
    assertThat(written(workloadSerde.serialize("t", new WorkloadInput.DeviceWatch("k"))))
        .isEqualTo(tree("{\"kind\":\"DEVICE_WATCH\",\"object_key\":\"k\"}"));
    assertThat(written(deviceSerde.serialize("t", new DeviceIncidentInput.Quiet("k", "w"))))
        .isEqualTo(tree("{\"kind\":\"QUIET\",\"tracker_key\":\"k\",\"workload_key\":\"w\"}"));
  }

  private NodeInput node(String json) {
    return roundTripped(nodeSerde, json);
  }

  private WorkloadInput workload(String json) {
    return roundTripped(workloadSerde, json);
  }

  private DeviceIncidentInput device(String json) {
    return roundTripped(deviceSerde, json);
  }

  /** Decodes the literal, and checks the writer's form of it decodes to the same value. */
  private static <T> T roundTripped(JsonSerde<T> serde, String json) {
    T decoded = serde.deserialize("t", json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(serde.deserialize("t", serde.serialize("t", decoded))).isEqualTo(decoded);
    return decoded;
  }

  private static JsonNode written(byte[] json) throws Exception {
    return StrataJson.mapper().readTree(json);
  }

  private static JsonNode tree(String json) throws Exception {
    return StrataJson.mapper().readTree(json);
  }
}
