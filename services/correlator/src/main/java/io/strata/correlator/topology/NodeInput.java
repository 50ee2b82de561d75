package io.strata.correlator.topology;

import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.PodState;

/**
 * Everything the node side consumes, keyed by cluster/node: one kind per record, the other fields
 * null.
 *
 * @param objectKey the pod or claim key for POD*, CLAIM*; the GPU UUID for TRACE
 */
public record NodeInput(
    Kind kind,
    String objectKey,
    PodState pod,
    ClaimState claim,
    DeviceSample sample,
    XidEvent xid,
    ExemplarTrace trace,
    NodeState node) {

  /** What a node input carries. */
  public enum Kind {
    POD,
    POD_REMOVED,
    CLAIM,
    CLAIM_REMOVED,
    SAMPLE,
    XID,
    TRACE,
    NODE,
    NODE_REMOVED
  }

  public static NodeInput pod(String podKey, PodState pod) {
    return new NodeInput(
        pod == null ? Kind.POD_REMOVED : Kind.POD, podKey, pod, null, null, null, null, null);
  }

  public static NodeInput claim(String claimKey, ClaimState claim) {
    return new NodeInput(
        claim == null ? Kind.CLAIM_REMOVED : Kind.CLAIM,
        claimKey,
        null,
        claim,
        null,
        null,
        null,
        null);
  }

  public static NodeInput sample(DeviceSample sample) {
    return new NodeInput(Kind.SAMPLE, sample.gpuUuid(), null, null, sample, null, null, null);
  }

  public static NodeInput xid(XidEvent xid) {
    return new NodeInput(Kind.XID, xid.gpuUuid(), null, null, null, xid, null, null);
  }

  public static NodeInput node(NodeState node) {
    return new NodeInput(
        node == null ? Kind.NODE_REMOVED : Kind.NODE, null, null, null, null, null, null, node);
  }

  public static NodeInput trace(ExemplarTrace trace) {
    return new NodeInput(Kind.TRACE, trace.gpuUuid(), null, null, null, null, trace, null);
  }
}
