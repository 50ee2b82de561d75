package io.strata.correlator.core.state;

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
    NodeState node,
    Map<String, MismatchState> targets) {

  public NodeView {
    pods = pods == null ? Map.of() : Map.copyOf(pods);
    claims = claims == null ? Map.of() : Map.copyOf(claims);
    gpus = gpus == null ? Map.of() : Map.copyOf(gpus);
    targets = targets == null ? Map.of() : Map.copyOf(targets);
  }

  public static NodeView empty() {
    return new NodeView(null, null, null, null, null);
  }

  public NodeView withPod(String key, PodState pod) {
    Map<String, PodState> next = new HashMap<>(pods);
    if (pod == null) {
      next.remove(key);
    } else {
      next.put(key, pod);
    }
    return new NodeView(next, claims, gpus, node, targets);
  }

  public NodeView withClaim(String key, ClaimState claim) {
    Map<String, ClaimState> next = new HashMap<>(claims);
    if (claim == null) {
      next.remove(key);
    } else {
      next.put(key, claim);
    }
    return new NodeView(pods, next, gpus, node, targets);
  }

  public NodeView withNode(NodeState state) {
    return new NodeView(pods, claims, gpus, state, targets);
  }

  /** Nothing known of the node any more (deleted, no pods, claims or targets). */
  public boolean isEmpty() {
    return node == null
        && pods.isEmpty()
        && claims.isEmpty()
        && gpus.isEmpty()
        && targets.isEmpty();
  }

  /** The node's view without its GPUs, which are kept one per store entry. */
  public NodeView withoutGpus() {
    return gpus.isEmpty() ? this : new NodeView(pods, claims, null, node, targets);
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
    return new NodeView(pods, claims, next, node, targets);
  }

  /** The DRA-attribution state of one of the node's scrape targets (null when none). */
  public NodeView withTarget(String target, MismatchState state) {
    Map<String, MismatchState> next = new HashMap<>(targets);
    if (state == null) {
      next.remove(target);
    } else {
      next.put(target, state);
    }
    return new NodeView(pods, claims, gpus, node, next);
  }
}
