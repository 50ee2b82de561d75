package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Node;
import io.strata.simulator.model.Pod;
import io.strata.simulator.model.Revision;
import io.strata.simulator.model.Workload;
import io.strata.simulator.model.WorkloadKind;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes the model's objects into the Kubernetes API. The API server assigns uids, so the seeder
 * remembers each created object's uid and rewrites owner references (and the uids other objects
 * quote) to the real ones before creating the dependants.
 */
public final class ClusterSeeder {

  private final KubernetesClient client;
  private final ReactionConventions conventions;
  private final Map<String, String> uids = new ConcurrentHashMap<>();

  public ClusterSeeder(KubernetesClient client) {
    this(client, ReactionConventions.defaults());
  }

  /**
   * A seeder whose Deployments carry the model-version label of {@code conventions} and whose
   * serving pods declare its readiness gate.
   */
  public ClusterSeeder(KubernetesClient client, ReactionConventions conventions) {
    this.client = client;
    this.conventions = conventions;
  }

  public void seed(ClusterModel model, Instant now) {
    Set<String> namespaces = new TreeSet<>();
    model.workloads().forEach(w -> namespaces.add(w.namespace()));
    for (String ns : namespaces) {
      client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
    }
    List<Node> nodes = model.nodes();
    client.resources(DeviceClass.class).resource(DraObjects.deviceClass(now)).create();
    List<Integer> indices = java.util.stream.IntStream.range(0, nodes.size()).boxed().toList();
    inParallel(
        indices,
        i -> {
          Node node = nodes.get(i);
          client.nodes().resource(NodeObjects.build(node, i, model.shape(), now)).create();
          client
              .resources(ResourceSlice.class)
              .resource(DraObjects.slice(node, model.shape(), now))
              .create();
        });
    List<Pod> pods = model.pods();
    for (Workload w : model.workloads()) {
      seedWorkload(w, pods, now);
    }
    inParallel(pods, pod -> createPod(model, pod, now));
  }

  /** Big clusters are thousands of objects; the API answers requests concurrently. */
  private static <T> void inParallel(List<T> items, java.util.function.Consumer<T> action) {
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(Math.min(8, Math.max(1, items.size())));
    try {
      List<java.util.concurrent.Future<?>> futures = new java.util.ArrayList<>(items.size());
      for (T item : items) {
        futures.add(pool.submit(() -> action.accept(item)));
      }
      for (java.util.concurrent.Future<?> future : futures) {
        future.get();
      }
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("seeding the Kubernetes API failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while seeding the Kubernetes API", e);
    } finally {
      pool.shutdownNow();
    }
  }

  private void seedWorkload(Workload w, List<Pod> pods, Instant now) {
    switch (w.kind()) {
      case JOB ->
          client
              .batch()
              .v1()
              .jobs()
              .resource(WorkloadObjects.job(w, count(pods, w, null), now))
              .create();
      case KNATIVE_SERVICE -> {
        track(
            client
                .genericKubernetesResources(MockKubernetesApi.KNATIVE_SERVICES)
                .resource(WorkloadObjects.knativeService(w, now))
                .create());
        track(
            client
                .genericKubernetesResources(MockKubernetesApi.KNATIVE_CONFIGURATIONS)
                .resource(withOwners(WorkloadObjects.knativeConfiguration(w, now)))
                .create());
        int generation = 1;
        for (Revision revision : w.revisions()) {
          track(
              client
                  .genericKubernetesResources(MockKubernetesApi.KNATIVE_REVISIONS)
                  .resource(
                      withOwners(WorkloadObjects.knativeRevision(w, revision, generation++, now)))
                  .create());
          OwnerReference owner =
              Owners.controller(Labels.KNATIVE_API, "Revision", w.namespace(), revision.name());
          String deployment = revision.name() + "-deployment";
          int replicas = count(pods, w, revision);
          track(
              client
                  .apps()
                  .deployments()
                  .resource(
                      withOwners(WorkloadObjects.deployment(w, deployment, replicas, owner, now)))
                  .create());
          track(
              client
                  .apps()
                  .replicaSets()
                  .resource(
                      withOwners(
                          WorkloadObjects.replicaSet(w, revision, deployment, replicas, now)))
                  .create());
        }
      }
      default -> {
        int replicas = count(pods, w, null);
        io.fabric8.kubernetes.api.model.apps.Deployment deployment =
            versioned(w, WorkloadObjects.deployment(w, w.name(), replicas, null, now));
        track(client.apps().deployments().resource(deployment).create());
        // Old pod templates keep their ReplicaSet at zero replicas, as a Deployment does.
        for (Revision revision : w.revisions()) {
          int revisionReplicas = count(pods, w, revision);
          track(
              client
                  .apps()
                  .replicaSets()
                  .resource(
                      withOwners(
                          withHistory(
                              w,
                              revision,
                              deployment,
                              WorkloadObjects.replicaSet(
                                  w, revision, w.name(), revisionReplicas, now))))
                  .create());
        }
      }
    }
  }

  /**
   * A Deployment with several model versions carries the active one as a pod-template label and the
   * revision number of its active ReplicaSet ({@code deployment.kubernetes.io/revision}), as the
   * Deployment controller writes it; the older versions' ReplicaSets keep their templates, the
   * rollout history a rollback goes back to.
   */
  private io.fabric8.kubernetes.api.model.apps.Deployment versioned(
      Workload w, io.fabric8.kubernetes.api.model.apps.Deployment deployment) {
    if (w.kind() != WorkloadKind.DEPLOYMENT || w.revisions().size() < 2) {
      return deployment;
    }
    Revision active = w.primaryRevision();
    deployment
        .getSpec()
        .getTemplate()
        .getMetadata()
        .getLabels()
        .put(conventions.modelVersionLabel(), active.modelVersion());
    deployment
        .getMetadata()
        .setAnnotations(
            new java.util.LinkedHashMap<>(
                Map.of(REVISION, Integer.toString(w.revisions().indexOf(active) + 1))));
    return deployment;
  }

  /** The annotation the Deployment controller numbers its ReplicaSets (and itself) with. */
  static final String REVISION = "deployment.kubernetes.io/revision";

  /** A versioned Deployment's ReplicaSet: its revision number and its version's pod template. */
  private io.fabric8.kubernetes.api.model.apps.ReplicaSet withHistory(
      Workload w,
      Revision revision,
      io.fabric8.kubernetes.api.model.apps.Deployment deployment,
      io.fabric8.kubernetes.api.model.apps.ReplicaSet replicaSet) {
    if (w.kind() != WorkloadKind.DEPLOYMENT || w.revisions().size() < 2) {
      return replicaSet;
    }
    io.fabric8.kubernetes.api.model.PodTemplateSpec template =
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
    replicaSet
        .getMetadata()
        .setAnnotations(
            new java.util.LinkedHashMap<>(
                Map.of(REVISION, Integer.toString(w.revisions().indexOf(revision) + 1))));
    return replicaSet;
  }

  /** Creates a pod (and, after it, the ResourceClaim reserved for it). */
  void createPod(ClusterModel model, Pod pod, Instant now) {
    String message = pod.isScheduled() ? null : model.failedSchedulingMessage(pod.gpuCount());
    io.fabric8.kubernetes.api.model.Pod object = withOwners(PodObjects.build(pod, now, message));
    if (pod.workload().kind() != WorkloadKind.JOB) {
      servingGate(object, now);
    }
    if (pod.workload().kind() == WorkloadKind.DEPLOYMENT) {
      object
          .getMetadata()
          .getLabels()
          .put(conventions.modelVersionLabel(), pod.revision().modelVersion());
    }
    String revisionUid = object.getMetadata().getLabels().get(Labels.KNATIVE_REVISION_UID);
    if (revisionUid != null) {
      object
          .getMetadata()
          .getLabels()
          .put(
              Labels.KNATIVE_REVISION_UID,
              uids.getOrDefault(
                  key("Revision", pod.namespace(), pod.revision().name()), revisionUid));
    }
    io.fabric8.kubernetes.api.model.Pod created = track(client.pods().resource(object).create());
    if (pod.draClaim() != null && pod.isScheduled()) {
      ResourceClaim claim = DraObjects.claim(pod, now);
      claim.getStatus().getReservedFor().get(0).setUid(created.getMetadata().getUid());
      track(client.resources(ResourceClaim.class).resource(claim).create());
    }
  }

  /**
   * A serving pod declares the readiness gate through which the remediator takes one pod out of
   * traffic, and starts with the gate's condition True (what the workload's own readiness hook
   * would set), so it is Ready and in its Service's endpoints.
   */
  private void servingGate(io.fabric8.kubernetes.api.model.Pod object, Instant now) {
    object
        .getSpec()
        .setReadinessGates(
            List.of(
                new io.fabric8.kubernetes.api.model.PodReadinessGate(conventions.readinessGate())));
    if (object.getStatus() != null && "Running".equals(object.getStatus().getPhase())) {
      List<io.fabric8.kubernetes.api.model.PodCondition> conditions =
          new java.util.ArrayList<>(object.getStatus().getConditions());
      conditions.add(
          new io.fabric8.kubernetes.api.model.PodConditionBuilder()
              .withType(conventions.readinessGate())
              .withStatus("True")
              .withLastTransitionTime(now.toString())
              .build());
      object.getStatus().setConditions(conditions);
    }
  }

  /** The uid the API server gave a pod, or null if the seeder did not create it. */
  String podUid(Pod pod) {
    return uids.get(key("Pod", pod.namespace(), pod.name()));
  }

  private <T extends HasMetadata> T track(T created) {
    uids.put(
        key(
            created.getKind(),
            created.getMetadata().getNamespace(),
            created.getMetadata().getName()),
        created.getMetadata().getUid());
    return created;
  }

  private <T extends HasMetadata> T withOwners(T object) {
    if (object.getMetadata().getOwnerReferences() != null) {
      object
          .getMetadata()
          .getOwnerReferences()
          .forEach(
              ref -> {
                String uid =
                    uids.get(
                        key(ref.getKind(), object.getMetadata().getNamespace(), ref.getName()));
                if (uid != null) {
                  ref.setUid(uid);
                }
              });
    }
    return object;
  }

  private static String key(String kind, String namespace, String name) {
    return kind + "/" + (namespace == null ? "" : namespace) + "/" + name;
  }

  void deletePod(Pod pod) {
    client.pods().inNamespace(pod.namespace()).withName(pod.name()).delete();
  }

  /** The scheduler bound a Pending pod: it gets its node, and runs. */
  void bindPod(Pod pod, Instant now) {
    io.fabric8.kubernetes.api.model.Pod running = PodObjects.build(pod, now, null);
    client
        .pods()
        .inNamespace(pod.namespace())
        .withName(pod.name())
        .edit(
            existing -> {
              existing.getSpec().setNodeName(pod.node());
              existing.setStatus(running.getStatus());
              return existing;
            });
  }

  private static int count(List<Pod> pods, Workload w, Revision revision) {
    return (int)
        pods.stream()
            .filter(p -> p.workload() == w && (revision == null || p.revision().equals(revision)))
            .count();
  }
}
