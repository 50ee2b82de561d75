package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Pod;
import io.strata.simulator.model.Workload;
import io.strata.simulator.model.WorkloadKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the Pod objects of the model's pods as their controllers would have created them. */
final class PodObjects {

  static final String IMAGE = "registry.example.com/inference/server:2026.11";

  private PodObjects() {}

  static io.fabric8.kubernetes.api.model.Pod build(
      Pod pod, Instant created, String failureMessage) {
    Workload w = pod.workload();
    PodBuilder builder =
        new PodBuilder()
            .withNewMetadata()
            .withName(pod.name())
            .withNamespace(pod.namespace())
            .withUid(pod.uid())
            .withCreationTimestamp(created.toString())
            .withLabels(labels(pod))
            .withOwnerReferences(owner(pod))
            .endMetadata()
            .withNewSpec()
            .withNodeName(pod.node())
            .withSchedulerName("default-scheduler")
            .withContainers(containers(pod))
            .withTolerations(
                new TolerationBuilder()
                    .withKey(Labels.GPU_RESOURCE)
                    .withOperator("Exists")
                    .withEffect("NoSchedule")
                    .build())
            .endSpec();
    if (pod.draClaim() != null) {
      builder
          .editSpec()
          .addNewResourceClaim()
          .withName("gpu")
          .withResourceClaimName(pod.draClaim())
          .endResourceClaim()
          .endSpec();
    }
    if (pod.isScheduled()) {
      builder
          .withNewStatus()
          .withPhase("Running")
          .withHostIP(NodeObjects.address(pod.node()))
          .withPodIP(podIp(pod))
          .withStartTime(created.toString())
          .withConditions(
              condition("PodScheduled", "True", null, null, created),
              condition("Initialized", "True", null, null, created),
              condition("ContainersReady", "True", null, null, created),
              condition("Ready", "True", null, null, created))
          .withContainerStatuses(containerStatuses(pod, created))
          .endStatus();
    } else {
      builder
          .withNewStatus()
          .withPhase("Pending")
          .withConditions(
              condition("PodScheduled", "False", "Unschedulable", failureMessage, created))
          .endStatus();
    }
    return builder.build();
  }

  static Map<String, String> labels(Pod pod) {
    Workload w = pod.workload();
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("app", w.name());
    labels.put(Labels.MODEL_VERSION, pod.revision().modelVersion());
    switch (w.kind()) {
      case KNATIVE_SERVICE -> {
        labels.put(Labels.KNATIVE_SERVICE, w.name());
        labels.put(Labels.KNATIVE_CONFIGURATION, w.name());
        labels.put(Labels.KNATIVE_REVISION, pod.revision().name());
        labels.put(
            Labels.KNATIVE_REVISION_UID,
            Owners.uid("Revision", w.namespace(), pod.revision().name()));
        labels.put(Labels.POD_TEMPLATE_HASH, hash(pod));
      }
      case JOB -> {
        String uid = Owners.uid("Job", w.namespace(), w.name());
        labels.put(Labels.JOB_NAME, w.name());
        labels.put(Labels.JOB_NAME_LEGACY, w.name());
        labels.put(Labels.CONTROLLER_UID, uid);
        labels.put("controller-uid", uid);
      }
      default -> labels.put(Labels.POD_TEMPLATE_HASH, hash(pod));
    }
    return labels;
  }

  static OwnerReference owner(Pod pod) {
    Workload w = pod.workload();
    if (w.kind() == WorkloadKind.JOB) {
      return Owners.controller("batch/v1", "Job", w.namespace(), w.name());
    }
    return Owners.controller(
        "apps/v1", "ReplicaSet", w.namespace(), ClusterModel.replicaSetName(w, pod.revision()));
  }

  private static String hash(Pod pod) {
    String rs = ClusterModel.replicaSetName(pod.workload(), pod.revision());
    return rs.substring(rs.lastIndexOf('-') + 1);
  }

  private static List<io.fabric8.kubernetes.api.model.Container> containers(Pod pod) {
    ResourceRequirementsBuilder resources = new ResourceRequirementsBuilder();
    if (pod.draClaim() != null) {
      resources.addNewClaim().withName("gpu").endClaim();
    } else {
      Quantity gpus = new Quantity(Integer.toString(pod.gpuCount()));
      resources.withLimits(Map.of(Labels.GPU_RESOURCE, gpus));
      resources.withRequests(Map.of(Labels.GPU_RESOURCE, gpus));
    }
    List<io.fabric8.kubernetes.api.model.Container> containers = new ArrayList<>();
    containers.add(
        new ContainerBuilder()
            .withName(pod.container())
            .withImage(IMAGE)
            .withResources(resources.build())
            .build());
    if (pod.workload().kind() == WorkloadKind.KNATIVE_SERVICE) {
      containers.add(
          new ContainerBuilder()
              .withName("queue-proxy")
              .withImage("gcr.io/knative-releases/knative.dev/serving/cmd/queue:v1.16")
              .build());
    }
    return containers;
  }

  private static List<io.fabric8.kubernetes.api.model.ContainerStatus> containerStatuses(
      Pod pod, Instant created) {
    List<io.fabric8.kubernetes.api.model.ContainerStatus> statuses = new ArrayList<>();
    for (io.fabric8.kubernetes.api.model.Container c : containers(pod)) {
      statuses.add(
          new ContainerStatusBuilder()
              .withName(c.getName())
              .withImage(c.getImage())
              .withReady(true)
              .withStarted(true)
              .withRestartCount(0)
              .withNewState()
              .withNewRunning()
              .withStartedAt(created.toString())
              .endRunning()
              .endState()
              .build());
    }
    return statuses;
  }

  private static io.fabric8.kubernetes.api.model.PodCondition condition(
      String type, String status, String reason, String message, Instant at) {
    return new PodConditionBuilder()
        .withType(type)
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .withLastTransitionTime(at.toString())
        .build();
  }

  private static String podIp(Pod pod) {
    int h = Math.floorMod(pod.name().hashCode(), 250 * 250);
    return "10.244." + (h / 250 + 1) + "." + (h % 250 + 2);
  }
}
