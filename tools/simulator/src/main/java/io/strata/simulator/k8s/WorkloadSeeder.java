package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Pod;
import io.strata.simulator.model.Revision;
import io.strata.simulator.model.Workload;
import io.strata.simulator.model.WorkloadKind;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Creates the controller objects above a workload's pods, owners before dependants: a Job; a
 * Knative Service with its Configuration and, per Revision, the Revision, its Deployment and
 * ReplicaSet; or a Deployment with one ReplicaSet per revision, carrying the rollout history a
 * rollback goes back to. Separate from {@link ClusterSeeder}, which seeds namespaces, nodes and
 * pods and keeps the pods in step afterwards: the controllers are created once, and the owner
 * chains and Deployment rollout history are a subject of their own.
 */
final class WorkloadSeeder {

  /** The annotation the Deployment controller numbers its ReplicaSets (and itself) with. */
  static final String REVISION = "deployment.kubernetes.io/revision";

  private final KubernetesClient client;
  private final ReactionConventions conventions;
  private final AssignedUids uids;

  WorkloadSeeder(KubernetesClient client, ReactionConventions conventions, AssignedUids uids) {
    this.client = client;
    this.conventions = conventions;
    this.uids = uids;
  }

  /** Creates {@code w}'s controllers, sized by how many of {@code pods} each one owns. */
  void seed(Workload w, List<Pod> pods, Instant now) {
    switch (w.kind()) {
      case JOB ->
          client
              .batch()
              .v1()
              .jobs()
              .resource(WorkloadObjects.job(w, count(pods, w, null), now))
              .create();
      case KNATIVE_SERVICE -> seedKnative(w, pods, now);
      default -> seedDeployment(w, pods, now);
    }
  }

  /**
   * As Knative's controllers leave a Service: Service → Configuration → one Revision per revision,
   * each owning the Deployment ({@code <revision>-deployment}) and ReplicaSet that run its pods.
   */
  private void seedKnative(Workload w, List<Pod> pods, Instant now) {
    uids.track(
        client
            .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
            .resource(WorkloadObjects.knativeService(w, now))
            .create());
    uids.track(
        client
            .genericKubernetesResources(MockKubernetesApi.KNATIVE_CONFIGURATIONS)
            .resource(uids.withOwners(WorkloadObjects.knativeConfiguration(w, now)))
            .create());
    int generation = 1;
    for (Revision revision : w.revisions()) {
      uids.track(
          client
              .genericKubernetesResources(MockKubernetesApi.KNATIVE_REVISIONS)
              .resource(
                  uids.withOwners(WorkloadObjects.knativeRevision(w, revision, generation++, now)))
              .create());
      OwnerReference owner =
          Owners.controller(Labels.KNATIVE_API, "Revision", w.namespace(), revision.name());
      String deployment = revision.name() + "-deployment";
      int replicas = count(pods, w, revision);
      uids.track(
          client
              .apps()
              .deployments()
              .resource(
                  uids.withOwners(WorkloadObjects.deployment(w, deployment, replicas, owner, now)))
              .create());
      createReplicaSet(WorkloadObjects.replicaSet(w, revision, deployment, replicas, now));
    }
  }

  /** A Deployment with one ReplicaSet per revision, each sized by that revision's pods. */
  private void seedDeployment(Workload w, List<Pod> pods, Instant now) {
    int replicas = count(pods, w, null);
    Deployment deployment =
        versioned(w, WorkloadObjects.deployment(w, w.name(), replicas, null, now));
    uids.track(client.apps().deployments().resource(deployment).create());
    // Old pod templates keep their ReplicaSet at zero replicas, as a Deployment does.
    for (Revision revision : w.revisions()) {
      int revisionReplicas = count(pods, w, revision);
      createReplicaSet(
          withHistory(
              w,
              revision,
              deployment,
              WorkloadObjects.replicaSet(w, revision, w.name(), revisionReplicas, now)));
    }
  }

  /** Creates a ReplicaSet owned by the real uid of its Deployment, and remembers its own. */
  private void createReplicaSet(ReplicaSet replicaSet) {
    uids.track(client.apps().replicaSets().resource(uids.withOwners(replicaSet)).create());
  }

  /**
   * A Deployment with several model versions carries the active one as a pod-template label and the
   * revision number of its active ReplicaSet ({@code deployment.kubernetes.io/revision}), as the
   * Deployment controller writes it; the older versions' ReplicaSets keep their templates, the
   * rollout history a rollback goes back to.
   */
  private Deployment versioned(Workload w, Deployment deployment) {
    if (!hasRolloutHistory(w)) {
      return deployment;
    }
    Revision active = w.primaryRevision();
    deployment
        .getSpec()
        .getTemplate()
        .getMetadata()
        .getLabels()
        .put(conventions.modelVersionLabel(), active.modelVersion());
    deployment.getMetadata().setAnnotations(revisionNumber(w, active));
    return deployment;
  }

  /** A versioned Deployment's ReplicaSet: its revision number and its version's pod template. */
  private ReplicaSet withHistory(
      Workload w, Revision revision, Deployment deployment, ReplicaSet replicaSet) {
    if (!hasRolloutHistory(w)) {
      return replicaSet;
    }
    PodTemplateSpec template =
        client.getKubernetesSerialization().clone(deployment.getSpec().getTemplate());
    template
        .getMetadata()
        .getLabels()
        .put(conventions.modelVersionLabel(), revision.modelVersion());
    template
        .getMetadata()
        .getLabels()
        .put(Labels.POD_TEMPLATE_HASH, ClusterModel.replicaSetName(w, revision));
    replicaSet.getSpec().setTemplate(template);
    replicaSet.getMetadata().setAnnotations(revisionNumber(w, revision));
    return replicaSet;
  }

  /** Only a plain Deployment that has run more than one model version has history to keep. */
  private static boolean hasRolloutHistory(Workload w) {
    return w.kind() == WorkloadKind.DEPLOYMENT && w.revisions().size() >= 2;
  }

  /** The revision annotation: {@code revision}'s 1-based place in the workload's history. */
  private static Map<String, String> revisionNumber(Workload w, Revision revision) {
    return new LinkedHashMap<>(
        Map.of(REVISION, Integer.toString(w.revisions().indexOf(revision) + 1)));
  }

  private static int count(List<Pod> pods, Workload w, Revision revision) {
    return (int)
        pods.stream()
            .filter(p -> p.workload() == w && (revision == null || p.revision().equals(revision)))
            .count();
  }
}
