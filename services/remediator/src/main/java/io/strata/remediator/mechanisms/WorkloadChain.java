package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.remediation.TargetRef;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a workload name or a pod leads to the object an action patches. Label names are the ones each
 * project puts on the pods it creates: KServe {@code serving.kserve.io/inferenceservice}, Knative
 * {@code serving.knative.dev/service}, LeaderWorkerSet {@code leaderworkerset.sigs.k8s.io/name},
 * JobSet {@code jobset.sigs.k8s.io/jobset-name} (JobSetNameKey in jobset's v1alpha2 and v1 APIs).
 */
public final class WorkloadChain {

  /** Kinds tried, in order, for a workload known only by name: serving layers first. */
  public static final List<Kinds> BY_NAME =
      List.of(
          Kinds.KNATIVE_SERVICE,
          Kinds.INFERENCE_SERVICE,
          Kinds.DEPLOYMENT,
          Kinds.STATEFUL_SET,
          Kinds.LEADER_WORKER_SET,
          Kinds.JOB_SET,
          Kinds.JOB);

  /** Pod labels naming the top-level workload, checked before the owner references. */
  static final Map<String, Kinds> POD_LABELS = new LinkedHashMap<>();

  static {
    POD_LABELS.put("serving.kserve.io/inferenceservice", Kinds.INFERENCE_SERVICE);
    POD_LABELS.put("serving.knative.dev/service", Kinds.KNATIVE_SERVICE);
    POD_LABELS.put("leaderworkerset.sigs.k8s.io/name", Kinds.LEADER_WORKER_SET);
    POD_LABELS.put("jobset.sigs.k8s.io/jobset-name", Kinds.JOB_SET);
  }

  /** The label Kueue's job integration reads to queue a Job or JobSet in a LocalQueue. */
  public static final String KUEUE_QUEUE_LABEL = "kueue.x-k8s.io/queue-name";

  private WorkloadChain() {}

  /** The workload a pod's labels name, if any. */
  public static Optional<TargetRef> fromLabels(JsonNode pod) {
    JsonNode labels = pod.path("metadata").path("labels");
    String namespace = pod.path("metadata").path("namespace").asText(null);
    for (Map.Entry<String, Kinds> label : POD_LABELS.entrySet()) {
      String name = labels.path(label.getKey()).asText("");
      if (!name.isEmpty()) {
        return Optional.of(label.getValue().ref(namespace, name));
      }
    }
    return Optional.empty();
  }

  /**
   * The controller owner reference of an object as a ref: {@code apps/v1 ReplicaSet}, {@code
   * Deployment}, {@code StatefulSet}, {@code batch/v1 Job}, ...
   */
  public static Optional<TargetRef> controller(JsonNode object) {
    String namespace = object.path("metadata").path("namespace").asText(null);
    for (JsonNode owner : object.path("metadata").path("ownerReferences")) {
      if (owner.path("controller").asBoolean(false)) {
        return Optional.of(
            new TargetRef(
                owner.path("apiVersion").asText(),
                owner.path("kind").asText(),
                namespace,
                owner.path("name").asText()));
      }
    }
    return Optional.empty();
  }

  /** The Kueue LocalQueue a Job or JobSet is queued in, if it carries the queue label. */
  public static Optional<TargetRef> localQueue(JsonNode workload) {
    String queue = workload.path("metadata").path("labels").path(KUEUE_QUEUE_LABEL).asText("");
    String namespace = workload.path("metadata").path("namespace").asText(null);
    return queue.isEmpty()
        ? Optional.empty()
        : Optional.of(Kinds.LOCAL_QUEUE.ref(namespace, queue));
  }
}
