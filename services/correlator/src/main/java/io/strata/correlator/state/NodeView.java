package io.strata.correlator.state;

import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.NodeState;
import io.strata.events.k8s.PodState;
import java.util.HashMap;
import java.util.Map;

/**
 * One node as the correlator knows it: the Kubernetes view (the node object, its pods and DRA
 * claims) and the device view (one {@link GpuView} per GPU). Kept per cluster/node so that checking
 * a GPU's ownership is a local lookup.
 *
 * @param node the latest node state; null when none was seen (or it was deleted)
 */
public record NodeView(
    Map<String, PodState> pods,
    Map<String, ClaimState> claims,
    Map<String, GpuView> gpus,
    NodeState node) {

  public NodeView {
    pods = pods == null ? Map.of() : Map.copyOf(pods);
    claims = claims == null ? Map.of() : Map.copyOf(claims);
    gpus = gpus == null ? Map.of() : Map.copyOf(gpus);
  }

  public static NodeView empty() {
    return new NodeView(null, null, null, null);
  }

  public NodeView withPod(String key, PodState pod) {
    Map<String, PodState> next = new HashMap<>(pods);
    if (pod == null) {
      next.remove(key);
    } else {
      next.put(key, pod);
    }
    return new NodeView(next, claims, gpus, node);
  }

  public NodeView withClaim(String key, ClaimState claim) {
    Map<String, ClaimState> next = new HashMap<>(claims);
    if (claim == null) {
      next.remove(key);
    } else {
      next.put(key, claim);
    }
    return new NodeView(pods, next, gpus, node);
  }

  public NodeView withNode(NodeState state) {
    return new NodeView(pods, claims, gpus, state);
  }

  /** What the node's Kubernetes state says about serving and recovery. */
  public NodeHealth health() {
    return NodeHealth.of(node);
  }

  public GpuView gpu(String gpuUuid) {
    return gpus.getOrDefault(gpuUuid, GpuView.empty());
  }

  public NodeView withGpu(String gpuUuid, GpuView gpu) {
    Map<String, GpuView> next = new HashMap<>(gpus);
    next.put(gpuUuid, gpu);
    return new NodeView(pods, claims, next, node);
  }
}
