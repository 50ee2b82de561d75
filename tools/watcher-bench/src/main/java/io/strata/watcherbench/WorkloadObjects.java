package io.strata.watcherbench;

import io.fabric8.kubernetes.api.model.NodeSelectorBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;

/**
 * The owners k8s-watcher caches (ReplicaSets under Deployments, Jobs) with the pod template their
 * controllers copy into every pod, and a Job pod's allocated, reserved ResourceClaim.
 */
final class WorkloadObjects {

  private WorkloadObjects() {}

  static OwnerReference owner(String apiVersion, String kind, String name) {
    return new OwnerReferenceBuilder()
        .withApiVersion(apiVersion)
        .withKind(kind)
        .withName(name)
        .withUid("uid-" + kind + "-" + name)
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  /** A Deployment's ReplicaSet; {@code replicas} 0 for the one an earlier rollout left. */
  static ReplicaSet replicaSet(String namespace, String deployment, String hash, Pod template) {
    return new ReplicaSetBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(deployment + "-" + hash)
        .withUid("uid-ReplicaSet-" + deployment + "-" + hash)
        .addToLabels("app.kubernetes.io/name", deployment)
        .addToLabels("pod-template-hash", hash)
        .addToAnnotations("deployment.kubernetes.io/desired-replicas", "50")
        .addToAnnotations("deployment.kubernetes.io/max-replicas", "63")
        .addToAnnotations("deployment.kubernetes.io/revision", hash.endsWith("8") ? "2" : "1")
        .addToOwnerReferences(owner("apps/v1", "Deployment", deployment))
        .endMetadata()
        .withNewSpec()
        .withReplicas(hash.endsWith("8") ? FleetShape.DEPLOYMENT_REPLICAS : 0)
        .withNewSelector()
        .addToMatchLabels("app.kubernetes.io/name", deployment)
        .addToMatchLabels("pod-template-hash", hash)
        .endSelector()
        .withTemplate(template(template))
        .endSpec()
        .withNewStatus()
        .withReplicas(hash.endsWith("8") ? FleetShape.DEPLOYMENT_REPLICAS : 0)
        .withObservedGeneration(2L)
        .endStatus()
        .build();
  }

  static Job job(String namespace, String name, Pod template) {
    return new JobBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .withUid("uid-Job-" + name)
        .addToLabels("app.kubernetes.io/name", name)
        .addToLabels("kueue.x-k8s.io/queue-name", "training")
        .endMetadata()
        .withNewSpec()
        .withParallelism(FleetShape.DEPLOYMENT_REPLICAS)
        .withCompletions(FleetShape.DEPLOYMENT_REPLICAS)
        .withCompletionMode("Indexed")
        .withBackoffLimit(6)
        .withTemplate(template(template))
        .endSpec()
        .withNewStatus()
        .withActive(FleetShape.DEPLOYMENT_REPLICAS)
        .withStartTime("2026-12-01T08:00:00Z")
        .endStatus()
        .build();
  }

  /** Allocated from the pod's node's pool, device gpu-N, reserved for the pod. */
  static ResourceClaim claim(String namespace, String name, String node, int gpu, Pod pod) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .addToAnnotations("resource.kubernetes.io/pod-claim-name", "gpu")
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName("gpu")
        .withNewExactly()
        .withDeviceClassName(NodeObjects.DRIVER)
        .withAllocationMode("ExactCount")
        .withCount(1L)
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withRequest("gpu")
        .withDriver(NodeObjects.DRIVER)
        .withPool(node)
        .withDevice("gpu-" + gpu)
        .endResult()
        .endDevices()
        .withNodeSelector(
            new NodeSelectorBuilder()
                .addNewNodeSelectorTerm()
                .addNewMatchField()
                .withKey("metadata.name")
                .withOperator("In")
                .withValues(node)
                .endMatchField()
                .endNodeSelectorTerm()
                .build())
        .endAllocation()
        .addNewReservedFor()
        .withResource("pods")
        .withName(pod.getMetadata().getName())
        .withUid("uid-Pod-" + pod.getMetadata().getName())
        .endReservedFor()
        .endStatus()
        .build();
  }

  private static io.fabric8.kubernetes.api.model.PodTemplateSpec template(Pod pod) {
    return new PodTemplateSpecBuilder()
        .withNewMetadata()
        .withLabels(pod.getMetadata().getLabels())
        .withAnnotations(pod.getMetadata().getAnnotations())
        .endMetadata()
        .withSpec(pod.getSpec())
        .build();
  }
}
