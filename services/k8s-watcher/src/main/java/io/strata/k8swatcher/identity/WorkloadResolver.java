package io.strata.k8swatcher.identity;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.strata.events.k8s.WorkloadKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Resolves a pod's workload: ReplicaSet → Deployment and Job → CronJob through the owners' own
 * references; StatefulSet, DaemonSet directly; Knative and LeaderWorkerSet pods by the labels their
 * controllers stamp on every pod (their controllers sit above a Deployment or StatefulSet).
 */
public final class WorkloadResolver {

  public static final String KNATIVE_SERVICE_LABEL = "serving.knative.dev/service";
  public static final String KNATIVE_REVISION_LABEL = "serving.knative.dev/revision";
  public static final String LWS_NAME_LABEL = "leaderworkerset.sigs.k8s.io/name";

  private final OwnerLookup owners;

  public WorkloadResolver(OwnerLookup owners) {
    this.owners = owners;
  }

  public WorkloadIdentity resolve(Pod pod) {
    Map<String, String> labels = labels(pod);
    String namespace = pod.getMetadata().getNamespace();
    Optional<OwnerReference> controller = controllerOf(pod.getMetadata().getOwnerReferences());
    String revision = labels.get(KNATIVE_REVISION_LABEL);
    String knativeService = labels.get(KNATIVE_SERVICE_LABEL);
    if (knativeService != null && !knativeService.isBlank()) {
      return new WorkloadIdentity(
          WorkloadKind.KNATIVE_SERVICE, knativeService, null, revision, true);
    }
    String lws = labels.get(LWS_NAME_LABEL);
    if (lws != null && !lws.isBlank()) {
      return new WorkloadIdentity(WorkloadKind.LEADER_WORKER_SET, lws, null, null, true);
    }
    if (controller.isEmpty()) {
      return new WorkloadIdentity(
          WorkloadKind.BARE_POD, pod.getMetadata().getName(), null, null, true);
    }
    OwnerReference owner = controller.get();
    return switch (owner.getKind()) {
      case "ReplicaSet" ->
          throughParent(
              namespace,
              owner,
              "Deployment",
              WorkloadKind.DEPLOYMENT,
              WorkloadKind.REPLICA_SET,
              null);
      case "Job" ->
          throughParent(
              namespace,
              owner,
              "CronJob",
              WorkloadKind.CRON_JOB,
              WorkloadKind.JOB,
              owner.getName());
      case "Deployment" -> direct(WorkloadKind.DEPLOYMENT, owner);
      case "StatefulSet" -> direct(WorkloadKind.STATEFUL_SET, owner);
      case "DaemonSet" -> direct(WorkloadKind.DAEMON_SET, owner);
      case "CronJob" -> direct(WorkloadKind.CRON_JOB, owner);
      case "LeaderWorkerSet" -> direct(WorkloadKind.LEADER_WORKER_SET, owner);
      default ->
          new WorkloadIdentity(
              WorkloadKind.OTHER, owner.getKind() + "/" + owner.getName(), null, null, true);
    };
  }

  private WorkloadIdentity throughParent(
      String namespace,
      OwnerReference owner,
      String parentKind,
      WorkloadKind parentWorkload,
      WorkloadKind ownWorkload,
      String job) {
    Optional<List<OwnerReference>> ownersOfOwner =
        owners.ownersOf(owner.getKind(), namespace, owner.getName());
    if (ownersOfOwner.isEmpty()) {
      return new WorkloadIdentity(ownWorkload, owner.getName(), job, null, false);
    }
    return controllerOf(ownersOfOwner.get())
        .filter(parent -> parentKind.equals(parent.getKind()))
        .map(parent -> new WorkloadIdentity(parentWorkload, parent.getName(), job, null, true))
        .orElseGet(() -> new WorkloadIdentity(ownWorkload, owner.getName(), job, null, true));
  }

  private static WorkloadIdentity direct(WorkloadKind kind, OwnerReference owner) {
    return new WorkloadIdentity(kind, owner.getName(), null, null, true);
  }

  /** The managing controller; a single owner without the controller flag also counts. */
  static Optional<OwnerReference> controllerOf(List<OwnerReference> references) {
    if (references == null || references.isEmpty()) {
      return Optional.empty();
    }
    Optional<OwnerReference> flagged =
        references.stream().filter(r -> Boolean.TRUE.equals(r.getController())).findFirst();
    if (flagged.isPresent() || references.size() > 1) {
      return flagged;
    }
    return Optional.of(references.get(0));
  }

  private static Map<String, String> labels(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    return labels == null ? Map.of() : labels;
  }
}
