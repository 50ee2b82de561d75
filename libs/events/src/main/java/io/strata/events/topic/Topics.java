package io.strata.events.topic;

import io.strata.events.EventType;
import io.strata.events.alert.AlertEvent;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.Incident;
import io.strata.events.json.DeviceSampleReader;
import io.strata.events.json.SpanSummaryReader;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadEvent;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.serde.JsonSerde;
import io.strata.events.trace.SpanSummary;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * Strata's public interface: every topic, its key, value type and creation defaults. See
 * docs/EVENTS.md.
 */
public final class Topics {

  private static final Duration DAY = Duration.ofDays(1);

  /**
   * One sample per GPU (or MIG instance) per scrape. Key: {@link Keys#gpu}. Producer:
   * device-ingest.
   */
  public static final Topic<String, DeviceSample> DEVICE_SAMPLES =
      event(
          "strata.device.samples.v1",
          // The busiest topic by bytes: read without data binding when certain (ADR 043).
          new JsonSerde<>(DeviceSample.class, new DeviceSampleReader()),
          EventType.DEVICE_SAMPLE,
          "cluster/node/gpu_uuid",
          CleanupPolicy.DELETE,
          6,
          DAY,
          Partitioning.NODE);

  /** One record per new XID occurrence on a GPU. Key: {@link Keys#gpu}. Producer: device-ingest. */
  public static final Topic<String, XidEvent> DEVICE_XIDS =
      event(
          "strata.device.xids.v1",
          XidEvent.class,
          EventType.XID_EVENT,
          "cluster/node/gpu_uuid",
          CleanupPolicy.DELETE,
          6,
          DAY.multipliedBy(30),
          Partitioning.NODE);

  /**
   * Data-quality and scrape findings. Key: cluster/target or cluster/node/gpu_uuid. Producers:
   * device-ingest, correlator.
   */
  public static final Topic<String, DeviceFinding> DEVICE_FINDINGS =
      event(
          "strata.device.findings.v1",
          DeviceFinding.class,
          EventType.DEVICE_FINDING,
          "cluster/target or cluster/node/gpu_uuid",
          CleanupPolicy.DELETE,
          3,
          DAY.multipliedBy(7));

  /**
   * Current state of GPU-relevant pods; tombstone on delete. Key: {@link Keys#pod}. Producer:
   * k8s-watcher.
   */
  public static final Topic<String, PodState> K8S_PODS =
      event(
          "strata.k8s.pods.v1",
          PodState.class,
          EventType.POD_STATE,
          "cluster/namespace/pod",
          CleanupPolicy.COMPACT,
          3,
          null);

  /** Current state of nodes; tombstone on delete. Key: {@link Keys#node}. Producer: k8s-watcher. */
  public static final Topic<String, NodeState> K8S_NODES =
      event(
          "strata.k8s.nodes.v1",
          NodeState.class,
          EventType.NODE_STATE,
          "cluster/node",
          CleanupPolicy.COMPACT,
          6,
          null,
          Partitioning.NODE);

  /**
   * Current state of DRA ResourceClaims; tombstone on delete. Key: {@link Keys#claim}. Producer:
   * k8s-watcher.
   */
  public static final Topic<String, ClaimState> K8S_CLAIMS =
      event(
          "strata.k8s.claims.v1",
          ClaimState.class,
          EventType.CLAIM_STATE,
          "cluster/namespace/claim",
          CleanupPolicy.COMPACT,
          3,
          null);

  /**
   * Kubernetes events that matter to GPU workloads. Key: {@link Keys#pod} of the involved object.
   */
  public static final Topic<String, WorkloadEvent> K8S_EVENTS =
      event(
          "strata.k8s.events.v1",
          WorkloadEvent.class,
          EventType.WORKLOAD_EVENT,
          "cluster/namespace/involved_object",
          CleanupPolicy.DELETE,
          3,
          DAY.multipliedBy(7));

  /**
   * One summary per span; all spans of a trace share a partition. Key: trace_id. Producer:
   * trace-ingest.
   */
  public static final Topic<String, SpanSummary> TRACE_SPANS =
      event(
          "strata.traces.spans.v1",
          // The most numerous records: read without data binding when certain (ADR 043).
          new JsonSerde<>(SpanSummary.class, new SpanSummaryReader()),
          EventType.SPAN_SUMMARY,
          "trace_id",
          CleanupPolicy.DELETE,
          6,
          DAY,
          Partitioning.KEY_HASH);

  /** Current state of each incident. Key: incident_id. Producer: correlator. */
  public static final Topic<String, Incident> INCIDENTS =
      event(
          "strata.incidents.v1",
          Incident.class,
          EventType.INCIDENT,
          "incident_id",
          CleanupPolicy.COMPACT,
          3,
          null);

  /** The lifecycle of every remediation action. Key: incident_id (orders an incident's actions). */
  public static final Topic<String, RemediationAction> REMEDIATION =
      event(
          "strata.remediation.v1",
          RemediationAction.class,
          EventType.REMEDIATION_ACTION,
          "incident_id",
          CleanupPolicy.DELETE,
          3,
          DAY.multipliedBy(90));

  /**
   * One review record per closed incident, kept forever. Key: incident_id. Producer: remediator.
   */
  public static final Topic<String, ReviewRecord> REVIEWS =
      event(
          "strata.reviews.v1",
          ReviewRecord.class,
          EventType.REVIEW_RECORD,
          "incident_id",
          CleanupPolicy.DELETE,
          1,
          null);

  /**
   * Alerts Alertmanager delivered to Strata's webhook receiver, one record per alert and status.
   * Key: fingerprint. Producer: trace-ingest.
   */
  public static final Topic<String, AlertEvent> ALERTS =
      event(
          "strata.alerts.v1",
          AlertEvent.class,
          EventType.ALERT_EVENT,
          "fingerprint",
          CleanupPolicy.DELETE,
          3,
          DAY.multipliedBy(14));

  /**
   * Poison records: the original key and value bytes untouched, the reason and origin in headers
   * (see {@link io.strata.events.deadletter.DeadLetterHeaders}). Written by any service.
   */
  public static final Topic<byte[], byte[]> DEADLETTER =
      new Topic<>(
          "strata.deadletter.v1",
          Serdes.ByteArray(),
          Serdes.ByteArray(),
          null,
          "the original record's key",
          CleanupPolicy.DELETE,
          1,
          DAY.multipliedBy(14),
          Partitioning.KEY_HASH);

  private static final List<Topic<?, ?>> ALL =
      List.of(
          DEVICE_SAMPLES,
          DEVICE_XIDS,
          DEVICE_FINDINGS,
          K8S_PODS,
          K8S_NODES,
          K8S_CLAIMS,
          K8S_EVENTS,
          TRACE_SPANS,
          INCIDENTS,
          REMEDIATION,
          REVIEWS,
          ALERTS,
          DEADLETTER);

  private Topics() {}

  public static List<Topic<?, ?>> all() {
    return ALL;
  }

  public static Optional<Topic<?, ?>> byName(String name) {
    return ALL.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  private static <V> Topic<String, V> event(
      String name,
      Class<V> type,
      EventType eventType,
      String key,
      CleanupPolicy policy,
      int partitions,
      Duration retention) {
    return event(name, type, eventType, key, policy, partitions, retention, Partitioning.KEY_HASH);
  }

  private static <V> Topic<String, V> event(
      String name,
      Class<V> type,
      EventType eventType,
      String key,
      CleanupPolicy policy,
      int partitions,
      Duration retention,
      Partitioning partitioning) {
    return event(
        name, new JsonSerde<>(type), eventType, key, policy, partitions, retention, partitioning);
  }

  private static <V> Topic<String, V> event(
      String name,
      JsonSerde<V> values,
      EventType eventType,
      String key,
      CleanupPolicy policy,
      int partitions,
      Duration retention,
      Partitioning partitioning) {
    Serde<String> keys = Serdes.String();
    return new Topic<>(
        name, keys, values, eventType, key, policy, partitions, retention, partitioning);
  }
}
