package io.strata.correlator.streams;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.strata.correlator.core.request.TimedTrace;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.PodState;
import java.util.List;

/**
 * Everything the node side consumes, keyed by cluster/node: one case per kind of record.
 *
 * <p>Pods and claims reach the node side over the node-inputs repartition topic as JSON, traces in
 * binary ({@link NodeInputSerde}); JSON is also how the node side parks any input as a dead letter.
 * In JSON {@code kind} names the case and the pod key, claim key or GPU UUID is {@code object_key}
 * ({@code InputWireFormatTest}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = NodeInput.Pod.class, name = "POD"),
  @JsonSubTypes.Type(value = NodeInput.PodRemoved.class, name = "POD_REMOVED"),
  @JsonSubTypes.Type(value = NodeInput.Claim.class, name = "CLAIM"),
  @JsonSubTypes.Type(value = NodeInput.ClaimRemoved.class, name = "CLAIM_REMOVED"),
  @JsonSubTypes.Type(value = NodeInput.Sample.class, name = "SAMPLE"),
  @JsonSubTypes.Type(value = NodeInput.Xid.class, name = "XID"),
  @JsonSubTypes.Type(value = NodeInput.Trace.class, name = "TRACE"),
  @JsonSubTypes.Type(value = NodeInput.Traces.class, name = "TRACES"),
  @JsonSubTypes.Type(value = NodeInput.Node.class, name = "NODE"),
  @JsonSubTypes.Type(value = NodeInput.NodeRemoved.class, name = "NODE_REMOVED")
})
sealed interface NodeInput {

  /** A pod scheduled on the node (or changed there). */
  record Pod(@JsonProperty("object_key") String podKey, PodState pod) implements NodeInput {}

  /** A pod gone from the node (deleted or moved elsewhere). */
  record PodRemoved(@JsonProperty("object_key") String podKey) implements NodeInput {}

  /** A resource claim allocated on the node (or changed there). */
  record Claim(@JsonProperty("object_key") String claimKey, ClaimState claim)
      implements NodeInput {}

  /** A resource claim gone from the node. */
  record ClaimRemoved(@JsonProperty("object_key") String claimKey) implements NodeInput {}

  /** One GPU's scraped sample. */
  record Sample(DeviceSample sample) implements NodeInput {}

  /** One XID a GPU raised. */
  record Xid(XidEvent xid) implements NodeInput {}

  /** A request served on one of the node's GPUs, in a {@link Traces}: kept as its exemplar. */
  record Trace(@JsonProperty("object_key") String gpuUuid, ExemplarTrace trace)
      implements NodeInput {}

  /**
   * The requests one completion sweep assembled on the node's GPUs, in completion order: one record
   * per node per sweep instead of one per request (ADR 040). Each is applied as a {@link Trace}.
   */
  record Traces(List<Trace> traces) implements NodeInput {
    public Traces {
      traces = List.copyOf(traces);
    }
  }

  /** The node object's state. */
  record Node(NodeState node) implements NodeInput {}

  /** The node object deleted (a tombstone on the nodes topic). */
  record NodeRemoved() implements NodeInput {}

  /** A pod's state on its node; {@code null} when it left the node. */
  static NodeInput pod(String podKey, PodState pod) {
    return pod == null ? new PodRemoved(podKey) : new Pod(podKey, pod);
  }

  /** A claim's state on its node; {@code null} when it left the node. */
  static NodeInput claim(String claimKey, ClaimState claim) {
    return claim == null ? new ClaimRemoved(claimKey) : new Claim(claimKey, claim);
  }

  static NodeInput sample(DeviceSample sample) {
    return new Sample(sample);
  }

  static NodeInput xid(XidEvent xid) {
    return new Xid(xid);
  }

  /** The node object's state; {@code null} (a tombstone) when it was deleted. */
  static NodeInput node(NodeState node) {
    return node == null ? new NodeRemoved() : new Node(node);
  }

  /** One node's share of a completion sweep, as its GPUs' exemplars. */
  static NodeInput traces(List<TimedTrace> traces) {
    return new Traces(
        traces.stream().map(t -> new Trace(t.trace().gpuUuid(), t.trace().toExemplar())).toList());
  }
}
