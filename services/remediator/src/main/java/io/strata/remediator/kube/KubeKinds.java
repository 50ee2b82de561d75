package io.strata.remediator.kube;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.TargetGateway;
import java.util.Optional;

/** The API resources the remediator touches, addressed explicitly (no discovery calls). */
final class KubeKinds {

  static final ResourceDefinitionContext NODES = context("", "v1", "Node", "nodes", false);
  static final ResourceDefinitionContext PODS = context("", "v1", "Pod", "pods", true);
  static final ResourceDefinitionContext DEPLOYMENTS =
      context("apps", "v1", "Deployment", "deployments", true);
  static final ResourceDefinitionContext KNATIVE_SERVICES =
      context("serving.knative.dev", "v1", "Service", "services", true);
  static final ResourceDefinitionContext KNATIVE_REVISIONS =
      context("serving.knative.dev", "v1", "Revision", "revisions", true);

  private KubeKinds() {}

  static Optional<ResourceDefinitionContext> of(TargetRef ref) {
    if (TargetGateway.NODE_KIND.equals(ref.kind()) && "v1".equals(ref.apiVersion())) {
      return Optional.of(NODES);
    }
    if (TargetGateway.POD_KIND.equals(ref.kind()) && "v1".equals(ref.apiVersion())) {
      return Optional.of(PODS);
    }
    if (TargetGateway.DEPLOYMENT_KIND.equals(ref.kind()) && "apps/v1".equals(ref.apiVersion())) {
      return Optional.of(DEPLOYMENTS);
    }
    if (TargetGateway.KNATIVE_SERVICE_KIND.equals(ref.kind())
        && TargetGateway.KNATIVE_API_VERSION.equals(ref.apiVersion())) {
      return Optional.of(KNATIVE_SERVICES);
    }
    return Optional.empty();
  }

  static TargetRef ref(ResourceDefinitionContext context, String namespace, String name) {
    String apiVersion =
        context.getGroup().isEmpty()
            ? context.getVersion()
            : context.getGroup() + "/" + context.getVersion();
    return new TargetRef(apiVersion, context.getKind(), namespace, name);
  }

  private static ResourceDefinitionContext context(
      String group, String version, String kind, String plural, boolean namespaced) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(namespaced)
        .build();
  }
}
