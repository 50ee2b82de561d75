package io.strata.remediator.kube;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.JsonPatches;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.mechanisms.Kinds;
import io.strata.remediator.mechanisms.WorkloadChain;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The remediator's Kubernetes access through fabric8: get, patch (each merge patch sent as its
 * exact JSON Patch), list.
 */
public final class FabricTargetGateway implements TargetGateway {

  /**
   * Strata's quarantine taint (mechanisms.NodeQuarantine); a quarantined node counts as cordoned.
   */
  static final String QUARANTINE_TAINT = "strata.io/quarantine";

  private final KubernetesClient client;
  private final Map<String, String> gpuNodeLabels;
  private final Optional<String> poolLabel;

  /**
   * @param gpuNodeSelector equality-based label selector, for example {@code
   *     nvidia.com/gpu.present=true}
   */
  public FabricTargetGateway(KubernetesClient client, String gpuNodeSelector) {
    this(client, gpuNodeSelector, Optional.empty());
  }

  /**
   * @param poolLabel the node label naming a node's pool (for example {@code
   *     cloud.google.com/gke-nodepool}), reported per node in the census
   */
  public FabricTargetGateway(
      KubernetesClient client, String gpuNodeSelector, Optional<String> poolLabel) {
    this.client = client;
    this.gpuNodeLabels = LabelSelectors.parse(gpuNodeSelector);
    poolLabel.ifPresent(
        label -> {
          if (label.isBlank()) {
            throw new IllegalArgumentException(
                "strata.remediator.blast-radius.pool-label must not be blank when set");
          }
        });
    this.poolLabel = poolLabel.map(String::strip);
  }

  @Override
  public Optional<TargetObject> read(TargetRef ref) throws TargetException {
    ResourceDefinitionContext context = require(KubeKinds.readable(ref), "read", ref);
    try {
      GenericKubernetesResource resource = resource(context, ref).get();
      if (resource == null) {
        return Optional.empty();
      }
      ObjectNode body = KubeJson.mapper().valueToTree(resource);
      return Optional.of(new TargetObject(ref, body));
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("read " + ref, e);
    }
  }

  @Override
  public void mergePatch(TargetRef ref, String patch, String resourceVersion)
      throws TargetException {
    if (Kinds.POD.is(ref)) {
      // A pod is only ever taken out of traffic, through its status (PodTrafficGate).
      throw refusal("patch", ref);
    }
    ResourceDefinitionContext context = require(KubeKinds.of(ref), "patch", ref);
    String ops = asJsonPatch(ref, patch, resourceVersion);
    try {
      resource(context, ref).patch(PatchContext.of(PatchType.JSON), ops);
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("patch " + ref, e);
    }
  }

  @Override
  public void mergePatchStatus(TargetRef ref, String patch, String resourceVersion)
      throws TargetException {
    if (!Kinds.POD.is(ref)) {
      throw refusal("patch the status of", ref);
    }
    ResourceDefinitionContext context = require(KubeKinds.of(ref), "patch", ref);
    String ops = asJsonPatch(ref, patch, resourceVersion);
    try {
      resource(context, ref).subresource("status").patch(PatchContext.of(PatchType.JSON), ops);
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("patch status of " + ref, e);
    }
  }

  @Override
  public Optional<TargetRef> resolveWorkload(String namespace, String name) throws TargetException {
    for (Kinds kind : WorkloadChain.BY_NAME) {
      TargetRef ref = kind.ref(namespace, name);
      if (exists(ref)) {
        return Optional.of(ref);
      }
    }
    return Optional.empty();
  }

  @Override
  public Optional<TargetRef> workloadOfPod(String namespace, String pod) throws TargetException {
    Optional<TargetObject> found = readQuietly(Kinds.POD.ref(namespace, pod));
    if (found.isEmpty()) {
      return Optional.empty();
    }
    Optional<TargetRef> labelled = WorkloadChain.fromLabels(found.get().body());
    if (labelled.isPresent()) {
      return labelled;
    }
    Optional<TargetRef> owner = WorkloadChain.controller(found.get().body());
    if (owner.isPresent() && owner.get().kind().equals(KubeKinds.REPLICA_SETS.getKind())) {
      Optional<TargetObject> replicaSet = readQuietly(owner.get());
      owner = replicaSet.flatMap(rs -> WorkloadChain.controller(rs.body()));
    }
    return owner.filter(o -> Kinds.of(o).isPresent());
  }

  @Override
  public List<ObjectNode> replicaSets(String namespace, String deployment) throws TargetException {
    try {
      return client
          .genericKubernetesResources(KubeKinds.REPLICA_SETS)
          .inNamespace(namespace)
          .list()
          .getItems()
          .stream()
          .map(r -> (ObjectNode) KubeJson.mapper().valueToTree(r))
          .filter(
              r ->
                  WorkloadChain.controller(r)
                      .filter(o -> o.kind().equals("Deployment") && o.name().equals(deployment))
                      .isPresent())
          .toList();
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("list ReplicaSets of " + namespace + "/" + deployment, e);
    }
  }

  private boolean exists(TargetRef ref) throws TargetException {
    return readQuietly(ref).isPresent();
  }

  /** A read where a kind the cluster does not serve (no CRD installed: 404) is just absent. */
  private Optional<TargetObject> readQuietly(TargetRef ref) throws TargetException {
    try {
      return read(ref);
    } catch (TargetException e) {
      if (e.reason() == ActionOutcomeReason.TARGET_NOT_FOUND) {
        return Optional.empty();
      }
      throw e;
    }
  }

  @Override
  public Optional<String> podNode(String namespace, String name) throws TargetException {
    try {
      Pod pod = client.pods().inNamespace(namespace).withName(name).get();
      if (pod == null || pod.getSpec() == null) {
        return Optional.empty();
      }
      return Optional.ofNullable(pod.getSpec().getNodeName());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return Optional.empty();
      }
      throw ApiErrors.classify("locate pod " + namespace + "/" + name, e);
    }
  }

  @Override
  public NodeCensus gpuNodes() throws TargetException {
    try {
      List<Node> nodes = client.nodes().withLabels(gpuNodeLabels).list().getItems();
      java.util.Set<String> names = new java.util.TreeSet<>();
      java.util.Set<String> out = new java.util.TreeSet<>();
      Map<String, String> pools = new java.util.HashMap<>();
      for (Node node : nodes) {
        String name = node.getMetadata().getName();
        names.add(name);
        if (NodeService.out(node)) {
          out.add(name);
        }
        Map<String, String> labels = node.getMetadata().getLabels();
        poolLabel
            .map(label -> labels == null ? null : labels.get(label))
            .ifPresent(pool -> pools.put(name, pool));
      }
      return new NodeCensus(names, out, pools);
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("list GPU nodes", e);
    }
  }

  @Override
  public List<ObjectNode> knativeRevisions(String namespace, String service)
      throws TargetException {
    try {
      return client
          .genericKubernetesResources(KubeKinds.KNATIVE_REVISIONS)
          .inNamespace(namespace)
          .withLabel("serving.knative.dev/service", service)
          .list()
          .getItems()
          .stream()
          .map(r -> (ObjectNode) KubeJson.mapper().valueToTree(r))
          .toList();
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("list revisions of " + namespace + "/" + service, e);
    }
  }

  /**
   * The merge patch as the equivalent JSON Patch against the object as it is now (see {@link
   * JsonPatches}). A version other than the one the patch was computed from is a CONFLICT at once.
   */
  private String asJsonPatch(TargetRef ref, String patch, String resourceVersion)
      throws TargetException {
    TargetObject current =
        read(ref)
            .orElseThrow(
                () ->
                    new TargetException(
                        ActionOutcomeReason.TARGET_NOT_FOUND, ref + " no longer exists", null));
    if (resourceVersion != null && !resourceVersion.equals(current.resourceVersion())) {
      throw new TargetException(
          ActionOutcomeReason.CONFLICT,
          ref + " changed since it was read (" + resourceVersion + ")",
          null);
    }
    return KubeJson.write(
        JsonPatches.fromMerge(KubeJson.parseObject(patch), current.body(), resourceVersion));
  }

  private Resource<GenericKubernetesResource> resource(
      ResourceDefinitionContext context, TargetRef ref) {
    return context.isNamespaceScoped()
        ? client
            .genericKubernetesResources(context)
            .inNamespace(ref.namespace())
            .withName(ref.name())
        : client.genericKubernetesResources(context).withName(ref.name());
  }

  private static ResourceDefinitionContext require(
      Optional<ResourceDefinitionContext> context, String verb, TargetRef ref)
      throws TargetException {
    return context.orElseThrow(() -> refusal(verb, ref));
  }

  private static TargetException refusal(String verb, TargetRef ref) {
    return new TargetException(
        ActionOutcomeReason.PERMANENT_API_ERROR,
        "the remediator does not " + verb + " " + ref.apiVersion() + " " + ref.kind(),
        null);
  }
}
