package io.strata.remediator.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.TargetRef;
import java.util.List;
import java.util.Optional;

/** The Kubernetes API as the remediator needs it. */
public interface TargetGateway {

  /** Kinds the remediator patches. */
  String NODE_KIND = "Node";

  String DEPLOYMENT_KIND = "Deployment";

  String KNATIVE_SERVICE_KIND = "Service";

  String POD_KIND = "Pod";

  String KNATIVE_API_VERSION = "serving.knative.dev/v1";

  Optional<TargetObject> read(TargetRef ref) throws TargetException;

  /**
   * Applies a JSON merge patch, failing with CONFLICT when the object changed since {@code
   * resourceVersion} was read.
   */
  void mergePatch(TargetRef ref, String patch, String resourceVersion) throws TargetException;

  /** The Knative Service, else the Deployment, named {@code namespace/name}. */
  Optional<TargetRef> resolveWorkload(String namespace, String name) throws TargetException;

  /** The node a pod is bound to; empty when the pod does not exist or is not scheduled yet. */
  Optional<String> podNode(String namespace, String name) throws TargetException;

  /** GPU nodes: how many exist and how many are unschedulable. */
  NodeCensus gpuNodes() throws TargetException;

  /** The Revisions of a Knative Service. */
  List<ObjectNode> knativeRevisions(String namespace, String service) throws TargetException;

  /** A count of GPU nodes. */
  record NodeCensus(int total, int unschedulable) {}

  static TargetRef node(String name) {
    return new TargetRef("v1", NODE_KIND, null, name);
  }

  static TargetRef pod(String namespace, String name) {
    return new TargetRef("v1", POD_KIND, namespace, name);
  }
}
