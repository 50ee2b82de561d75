package io.strata.remediator.kube;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.ApiResource;
import io.strata.remediator.core.cluster.ApiVersions;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.cluster.UnservedReason;
import io.strata.remediator.core.patch.KubeJson;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Objects of a kind at the version API discovery picks (ADR 048). fabric8 answers a 404 on a get
 * with null, whether the object or the whole version is missing, so a null reads as "absent" only
 * once discovery confirms the version still serves the kind; if it does not, the get is tried once
 * more at the version discovery now picks.
 */
final class ServedObjects {

  private final KubernetesClient client;
  private final ApiVersions versions;

  ServedObjects(KubernetesClient client, ApiVersions versions) {
    this.client = client;
    this.versions = versions;
  }

  String version(ApiResource kind) throws TargetException {
    return versions.version(kind);
  }

  /** The object {@code ref} names, whatever its version; its ref names the version read. */
  Optional<TargetObject> get(ApiResource kind, TargetRef ref) throws TargetException {
    for (int attempt = 1; ; attempt++) {
      String version = versions.version(kind);
      GenericKubernetesResource resource;
      try {
        resource = at(kind, version, ref).get();
      } catch (KubernetesClientException e) {
        throw classify(kind, version, "read " + ref, e);
      }
      if (resource != null) {
        ObjectNode body = KubeJson.mapper().valueToTree(resource);
        return Optional.of(new TargetObject(kind.ref(version, ref.namespace(), ref.name()), body));
      }
      if (versions.stillServes(kind, version)) {
        return Optional.empty();
      }
      if (attempt == 2) {
        throw TargetException.unserved(
            UnservedReason.NOT_SERVED, kind.label() + " " + version + " answers 404");
      }
    }
  }

  /**
   * The object at the server's preferred version of a kind served only at versions Strata does not
   * know: named so that the plan says why nothing is proposed, never patched there.
   */
  Optional<TargetRef> atUnknownVersion(ApiResource kind, String namespace, String name)
      throws TargetException {
    List<String> serving = versions.serving(kind);
    if (serving.isEmpty()) {
      return Optional.empty();
    }
    TargetRef ref = kind.ref(serving.get(0), namespace, name);
    try {
      return at(kind, serving.get(0), ref).get() == null ? Optional.empty() : Optional.of(ref);
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("read " + ref, e);
    }
  }

  /** The objects of a kind in a namespace carrying {@code labels}. */
  List<ObjectNode> list(ApiResource kind, String namespace, Map<String, String> labels, String what)
      throws TargetException {
    String version = versions.version(kind);
    try {
      return client
          .genericKubernetesResources(KubeKinds.context(kind, version))
          .inNamespace(namespace)
          .withLabels(labels)
          .list()
          .getItems()
          .stream()
          .map(r -> (ObjectNode) KubeJson.mapper().valueToTree(r))
          .toList();
    } catch (KubernetesClientException e) {
      throw classify(kind, version, what, e);
    }
  }

  Resource<GenericKubernetesResource> at(ApiResource kind, String version, TargetRef ref) {
    ResourceDefinitionContext context = KubeKinds.context(kind, version);
    return kind.namespaced()
        ? client
            .genericKubernetesResources(context)
            .inNamespace(ref.namespace())
            .withName(ref.name())
        : client.genericKubernetesResources(context).withName(ref.name());
  }

  /**
   * A 404 from a version discovery no longer lists is the kind not served, not a missing object.
   */
  TargetException classify(
      ApiResource kind, String version, String what, KubernetesClientException e)
      throws TargetException {
    if (e.getCode() == 404 && !versions.stillServes(kind, version)) {
      return TargetException.unserved(
          UnservedReason.NOT_SERVED, kind.label() + " " + version + " is no longer served");
    }
    return ApiErrors.classify(what, e);
  }
}
