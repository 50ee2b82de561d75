package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Revision;
import io.strata.simulator.model.Workload;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The controller objects above the pods: Deployments, ReplicaSets, Jobs, Knative resources. */
final class WorkloadObjects {

  private WorkloadObjects() {}

  static Deployment deployment(
      Workload w, String name, int replicas, OwnerReference owner, Instant created) {
    Map<String, String> selector = Map.of("app", w.name());
    DeploymentBuilder builder =
        new DeploymentBuilder()
            .withMetadata(meta("Deployment", w.namespace(), name, created, owner))
            .withNewSpec()
            .withReplicas(replicas)
            .withSelector(new LabelSelectorBuilder().withMatchLabels(selector).build())
            .withNewTemplate()
            .withNewMetadata()
            .withLabels(new LinkedHashMap<>(selector))
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName(w.kind().name().startsWith("KNATIVE") ? "user-container" : "server")
            .withImage(PodObjects.IMAGE)
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .withNewStatus()
            .withReplicas(replicas)
            .withReadyReplicas(replicas)
            .withAvailableReplicas(replicas)
            .endStatus();
    return builder.build();
  }

  static ReplicaSet replicaSet(
      Workload w, Revision revision, String deployment, int replicas, Instant created) {
    String name = ClusterModel.replicaSetName(w, revision);
    OwnerReference owner = Owners.controller("apps/v1", "Deployment", w.namespace(), deployment);
    return new ReplicaSetBuilder()
        .withMetadata(meta("ReplicaSet", w.namespace(), name, created, owner))
        .withNewSpec()
        .withReplicas(replicas)
        .withSelector(new LabelSelectorBuilder().withMatchLabels(Map.of("app", w.name())).build())
        .endSpec()
        .withNewStatus()
        .withReplicas(replicas)
        .withReadyReplicas(replicas)
        .endStatus()
        .build();
  }

  static Job job(Workload w, int pods, Instant created) {
    return new JobBuilder()
        .withMetadata(meta("Job", w.namespace(), w.name(), created, null))
        .withNewSpec()
        .withParallelism(pods)
        .withCompletions(pods)
        .withCompletionMode("Indexed")
        .withNewTemplate()
        .withNewSpec()
        .withRestartPolicy("Never")
        .addNewContainer()
        .withName("trainer")
        .withImage(PodObjects.IMAGE)
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .withNewStatus()
        .withActive(pods)
        .withStartTime(created.toString())
        .endStatus()
        .build();
  }

  /** The Knative Service with its current traffic split and containerConcurrency. */
  static GenericKubernetesResource knativeService(Workload w, Instant created) {
    Map<String, Object> container = new LinkedHashMap<>();
    container.put("name", "user-container");
    container.put("image", PodObjects.IMAGE);
    container.put("resources", Map.of("limits", Map.of(Labels.GPU_RESOURCE, "1")));
    Map<String, Object> templateSpec = new LinkedHashMap<>();
    templateSpec.put("containerConcurrency", w.concurrency());
    templateSpec.put("containers", List.of(container));
    Map<String, Object> template = new LinkedHashMap<>();
    template.put(
        "metadata",
        Map.of(
            "name", w.latestRevision().name(),
            "labels", Map.of(Labels.MODEL_VERSION, w.latestRevision().modelVersion()),
            "annotations",
                Map.of(Labels.KNATIVE_MIN_SCALE, Integer.toString(w.minScaleBaseline()))));
    template.put("spec", templateSpec);
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("template", template);
    spec.put("traffic", traffic(w.traffic()));
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("latestCreatedRevisionName", w.latestRevision().name());
    status.put("latestReadyRevisionName", w.latestRevision().name());
    status.put("traffic", traffic(w.traffic()));
    status.put("url", "http://" + w.name() + "." + w.namespace() + ".svc.cluster.local");
    status.put(
        "conditions",
        List.of(
            Map.of("type", "Ready", "status", "True", "lastTransitionTime", created.toString())));
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(Labels.KNATIVE_API)
        .withKind("Service")
        .withMetadata(meta("Service", w.namespace(), w.name(), created, null))
        .withAdditionalProperties(Map.of("spec", spec, "status", status))
        .build();
  }

  static GenericKubernetesResource knativeConfiguration(Workload w, Instant created) {
    OwnerReference owner =
        Owners.controller(Labels.KNATIVE_API, "Service", w.namespace(), w.name());
    ObjectMeta meta = meta("Configuration", w.namespace(), w.name(), created, owner);
    meta.setLabels(Map.of(Labels.KNATIVE_SERVICE, w.name()));
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(Labels.KNATIVE_API)
        .withKind("Configuration")
        .withMetadata(meta)
        .withAdditionalProperties(
            Map.of(
                "status",
                Map.of(
                    "latestCreatedRevisionName", w.latestRevision().name(),
                    "latestReadyRevisionName", w.latestRevision().name())))
        .build();
  }

  static GenericKubernetesResource knativeRevision(
      Workload w, Revision revision, int generation, Instant created) {
    OwnerReference owner =
        Owners.controller(Labels.KNATIVE_API, "Configuration", w.namespace(), w.name());
    ObjectMeta meta = meta("Revision", w.namespace(), revision.name(), created, owner);
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(Labels.KNATIVE_SERVICE, w.name());
    labels.put(Labels.KNATIVE_CONFIGURATION, w.name());
    labels.put(Labels.KNATIVE_CONFIGURATION_GENERATION, Integer.toString(generation));
    labels.put(Labels.MODEL_VERSION, revision.modelVersion());
    meta.setLabels(labels);
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(Labels.KNATIVE_API)
        .withKind("Revision")
        .withMetadata(meta)
        .withAdditionalProperties(
            Map.of(
                "spec",
                Map.of("containerConcurrency", w.initialConcurrency()),
                "status",
                Map.of("conditions", List.of(Map.of("type", "Ready", "status", "True")))))
        .build();
  }

  static List<Map<String, Object>> traffic(Map<String, Integer> split) {
    List<Map<String, Object>> entries = new ArrayList<>();
    split.forEach(
        (revision, percent) -> {
          Map<String, Object> entry = new LinkedHashMap<>();
          entry.put("revisionName", revision);
          entry.put("percent", percent);
          entry.put("latestRevision", false);
          entries.add(entry);
        });
    return entries;
  }

  static ObjectMeta meta(
      String kind, String namespace, String name, Instant created, OwnerReference owner) {
    ObjectMetaBuilder builder =
        new ObjectMetaBuilder()
            .withName(name)
            .withNamespace(namespace)
            .withUid(Owners.uid(kind, namespace, name))
            .withCreationTimestamp(created.toString());
    if (owner != null) {
      builder.withOwnerReferences(owner);
    }
    return builder.build();
  }
}
