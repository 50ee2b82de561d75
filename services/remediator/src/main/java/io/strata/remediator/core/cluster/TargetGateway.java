package io.strata.remediator.core.cluster;

import io.strata.events.remediation.TargetRef;
import io.strata.remediator.mechanisms.RelatedObjects;
import java.util.Optional;

/** The Kubernetes API as the remediator needs it. */
public interface TargetGateway extends RelatedObjects {

  /** Kinds the remediator patches. */
  String NODE_KIND = "Node";

  String DEPLOYMENT_KIND = "Deployment";

  String KNATIVE_SERVICE_KIND = "Service";

  String POD_KIND = "Pod";

  String KNATIVE_API_VERSION = "serving.knative.dev/v1";

  /**
   * The object {@code ref} names, read at the version of its kind that the API server serves (ADR
   * 048): the result's ref names that version. Empty only when that version serves the kind and the
   * object does not exist; a kind not served at a known version throws with its {@link
   * UnservedReason}.
   */
  Optional<TargetObject> read(TargetRef ref) throws TargetException;

  /**
   * Applies a JSON merge patch, failing with CONFLICT when the object changed since {@code
   * resourceVersion} was read.
   */
  void mergePatch(TargetRef ref, String patch, String resourceVersion) throws TargetException;

  /** The same, to the object's status subresource (a pod's readiness-gate condition). */
  void mergePatchStatus(TargetRef ref, String patch, String resourceVersion) throws TargetException;

  /**
   * The workload object named {@code namespace/name}, looked up by kind in the order of {@code
   * WorkloadChain}: the serving layers first (Knative Service, KServe InferenceService), then the
   * controllers (Deployment, StatefulSet, LeaderWorkerSet, JobSet, Job).
   */
  Optional<TargetRef> resolveWorkload(String namespace, String name) throws TargetException;

  /**
   * The workload a pod belongs to, through its well-known labels and its controller owner chain
   * (ReplicaSet to Deployment, StatefulSet, Job); empty when the pod is gone or has no owner the
   * remediator acts on.
   */
  Optional<TargetRef> workloadOfPod(String namespace, String pod) throws TargetException;

  /** The node a pod is bound to; empty when the pod does not exist or is not scheduled yet. */
  Optional<String> podNode(String namespace, String name) throws TargetException;

  /**
   * GPU nodes: how many exist and which are out of service already: cordoned, quarantined by
   * Strata, NotReady, or tainted unschedulable / not-ready / unreachable by Kubernetes.
   */
  NodeCensus gpuNodes() throws TargetException;

  /**
   * GPU nodes: every name matching the selector, those out of service, and each node's pool (the
   * value of the configured pool label; empty without one, absent for a node without the label).
   */
  record NodeCensus(
      java.util.Set<String> names, java.util.Set<String> out, java.util.Map<String, String> pools) {

    public NodeCensus {
      names = java.util.Set.copyOf(names);
      out = java.util.Set.copyOf(out);
      pools = java.util.Map.copyOf(pools);
    }

    public int total() {
      return names.size();
    }

    public int unschedulable() {
      return out.size();
    }
  }

  static TargetRef node(String name) {
    return new TargetRef("v1", NODE_KIND, null, name);
  }

  static TargetRef pod(String namespace, String name) {
    return new TargetRef("v1", POD_KIND, namespace, name);
  }
}
