package io.strata.events;

import io.strata.events.alert.AlertEvent;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.Incident;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.trace.SpanSummary;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every event type Strata publishes, with its CloudEvents type ({@code io.strata.<name>.v1}) and
 * JSON Schema resource. A new major schema version is a new constant (and a new topic), never an
 * edit of an old one.
 */
public enum EventType {
  DEVICE_SAMPLE("device_sample", 1, DeviceSample.class),
  XID_EVENT("xid_event", 1, XidEvent.class),
  DEVICE_FINDING("device_finding", 1, DeviceFinding.class),
  POD_STATE("pod_state", 1, PodState.class),
  NODE_STATE("node_state", 1, NodeState.class),
  CLAIM_STATE("claim_state", 1, ClaimState.class),
  WORKLOAD_EVENT("workload_event", 1, WorkloadEvent.class),
  SPAN_SUMMARY("span_summary", 1, SpanSummary.class),
  INCIDENT("incident", 1, Incident.class),
  REMEDIATION_ACTION("remediation_action", 1, RemediationAction.class),
  REVIEW_RECORD("review_record", 1, ReviewRecord.class),
  ALERT_EVENT("alert_event", 1, AlertEvent.class);

  private final String name;
  private final int version;
  private final Class<?> recordType;

  EventType(String name, int version, Class<?> recordType) {
    this.name = name;
    this.version = version;
    this.recordType = recordType;
  }

  /** The CloudEvents {@code ce_type}, for example {@code io.strata.device_sample.v1}. */
  public String ceType() {
    return "io.strata." + name + ".v" + version;
  }

  /** Classpath resource of this type's JSON Schema. */
  public String schemaResource() {
    return "schemas/" + name + ".v" + version + ".schema.json";
  }

  public Class<?> recordType() {
    return recordType;
  }

  public static Optional<EventType> fromCeType(String ceType) {
    return Arrays.stream(values()).filter(t -> t.ceType().equals(ceType)).findFirst();
  }
}
