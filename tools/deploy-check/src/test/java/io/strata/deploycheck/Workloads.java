package io.strata.deploycheck;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.strata.deploycheck.kustomize.Rendering;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A service's workload in a rendering, whichever form it takes (Deployment, StatefulSet or Knative
 * Service), reduced to what the checks need.
 */
record Workloads(
    String service,
    String kind,
    ObjectMeta podMetadata,
    String serviceAccountName,
    Boolean automountToken,
    Boolean podRunAsNonRoot,
    Integer replicas,
    List<Container> containers) {

  static final String KNATIVE = "serving.knative.dev/v1";

  static Workloads of(Rendering rendering, String service) {
    String name = "strata-" + service;
    Optional<ObjectNode> deployment = rendering.find("apps/v1", "Deployment", name);
    Optional<ObjectNode> statefulSet = rendering.find("apps/v1", "StatefulSet", name);
    Optional<ObjectNode> knative = rendering.find(KNATIVE, "Service", name);
    long forms =
        java.util.stream.Stream.of(deployment, statefulSet, knative)
            .filter(Optional::isPresent)
            .count();
    if (forms != 1) {
      throw new AssertionError(
          name
              + " must render as exactly one Deployment, StatefulSet or Knative Service, found "
              + forms);
    }
    if (statefulSet.isPresent()) {
      io.fabric8.kubernetes.api.model.apps.StatefulSet typed =
          TypedModels.bind(
              statefulSet.get(), io.fabric8.kubernetes.api.model.apps.StatefulSet.class);
      var pod = typed.getSpec().getTemplate();
      var security = pod.getSpec().getSecurityContext();
      return new Workloads(
          service,
          "StatefulSet",
          pod.getMetadata(),
          pod.getSpec().getServiceAccountName(),
          pod.getSpec().getAutomountServiceAccountToken(),
          security == null ? null : security.getRunAsNonRoot(),
          typed.getSpec().getReplicas(),
          pod.getSpec().getContainers());
    }
    if (deployment.isPresent()) {
      Deployment typed = TypedModels.bind(deployment.get(), Deployment.class);
      var pod = typed.getSpec().getTemplate();
      var security = pod.getSpec().getSecurityContext();
      return new Workloads(
          service,
          "Deployment",
          pod.getMetadata(),
          pod.getSpec().getServiceAccountName(),
          pod.getSpec().getAutomountServiceAccountToken(),
          security == null ? null : security.getRunAsNonRoot(),
          typed.getSpec().getReplicas(),
          pod.getSpec().getContainers());
    }
    io.fabric8.knative.serving.v1.Service typed =
        TypedModels.bind(knative.get(), io.fabric8.knative.serving.v1.Service.class);
    var template = typed.getSpec().getTemplate();
    Map<String, String> annotations = template.getMetadata().getAnnotations();
    String minScale = annotations.get("autoscaling.knative.dev/min-scale");
    String maxScale = annotations.get("autoscaling.knative.dev/max-scale");
    Integer replicas =
        minScale != null && minScale.equals(maxScale) ? Integer.valueOf(minScale) : null;
    return new Workloads(
        service,
        "KnativeService",
        template.getMetadata(),
        template.getSpec().getServiceAccountName(),
        template.getSpec().getAutomountServiceAccountToken(),
        null,
        replicas,
        template.getSpec().getContainers());
  }

  boolean knative() {
    return kind.equals("KnativeService");
  }
}
