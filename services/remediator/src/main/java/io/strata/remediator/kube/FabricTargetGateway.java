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
import io.strata.remediator.core.KubeJson;
import io.strata.remediator.core.TargetException;
import io.strata.remediator.core.TargetGateway;
import io.strata.remediator.core.TargetObject;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The remediator's Kubernetes access through fabric8: get, JSON merge patch, list. */
public final class FabricTargetGateway implements TargetGateway {

  private final KubernetesClient client;
  private final Map<String, String> gpuNodeLabels;

  /**
   * @param gpuNodeSelector equality-based label selector, for example {@code
   *     nvidia.com/gpu.present=true}
   */
  public FabricTargetGateway(KubernetesClient client, String gpuNodeSelector) {
    this.client = client;
    this.gpuNodeLabels = LabelSelectors.parse(gpuNodeSelector);
  }

  @Override
  public Optional<TargetObject> read(TargetRef ref) throws TargetException {
    ResourceDefinitionContext context = contextOf(ref);
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
    ResourceDefinitionContext context = contextOf(ref);
    ObjectNode guarded = KubeJson.parseObject(patch);
    if (resourceVersion != null) {
      ObjectNode metadata =
          guarded.has("metadata")
              ? (ObjectNode) guarded.get("metadata")
              : guarded.putObject("metadata");
      metadata.put("resourceVersion", resourceVersion);
    }
    try {
      resource(context, ref).patch(PatchContext.of(PatchType.JSON_MERGE), KubeJson.write(guarded));
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("patch " + ref, e);
    }
  }

  @Override
  public Optional<TargetRef> resolveWorkload(String namespace, String name) throws TargetException {
    for (ResourceDefinitionContext context :
        List.of(KubeKinds.KNATIVE_SERVICES, KubeKinds.DEPLOYMENTS)) {
      try {
        GenericKubernetesResource found =
            client.genericKubernetesResources(context).inNamespace(namespace).withName(name).get();
        if (found != null) {
          return Optional.of(KubeKinds.ref(context, namespace, name));
        }
      } catch (KubernetesClientException e) {
        if (e.getCode() != 404) {
          throw ApiErrors.classify("resolve workload " + namespace + "/" + name, e);
        }
      }
    }
    return Optional.empty();
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
      int unschedulable =
          (int)
              nodes.stream()
                  .filter(
                      n ->
                          n.getSpec() != null
                              && Boolean.TRUE.equals(n.getSpec().getUnschedulable()))
                  .count();
      return new NodeCensus(nodes.size(), unschedulable);
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

  private Resource<GenericKubernetesResource> resource(
      ResourceDefinitionContext context, TargetRef ref) {
    return context.isNamespaceScoped()
        ? client
            .genericKubernetesResources(context)
            .inNamespace(ref.namespace())
            .withName(ref.name())
        : client.genericKubernetesResources(context).withName(ref.name());
  }

  private static ResourceDefinitionContext contextOf(TargetRef ref) throws TargetException {
    return KubeKinds.of(ref)
        .orElseThrow(
            () ->
                new TargetException(
                    ActionOutcomeReason.PERMANENT_API_ERROR,
                    "the remediator does not patch " + ref.apiVersion() + " " + ref.kind(),
                    null));
  }
}
