package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodReadinessGate;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.Node;
import io.strata.simulator.model.Pod;
import io.strata.simulator.model.Workload;
import io.strata.simulator.model.WorkloadKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * Writes the model's objects into the Kubernetes API: namespaces, the DRA DeviceClass, nodes with
 * their ResourceSlices, each workload's controllers (through {@link WorkloadSeeder}) and the pods;
 * afterwards it creates, deletes and binds pods as the model changes. The API server assigns uids,
 * so every created object's uid is remembered in {@link AssignedUids} and owner references (and the
 * uids other objects quote) are rewritten to the real ones before the dependants are created.
 */
public final class ClusterSeeder {

  private final KubernetesClient client;
  private final ReactionConventions conventions;
  private final AssignedUids uids = new AssignedUids();
  private final WorkloadSeeder workloads;

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
    this.workloads = new WorkloadSeeder(client, conventions, uids);
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
    List<Integer> indices = IntStream.range(0, nodes.size()).boxed().toList();
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
      workloads.seed(w, pods, now);
    }
    inParallel(pods, pod -> createPod(model, pod, now));
  }

  /** Big clusters are thousands of objects; the API answers requests concurrently. */
  private static <T> void inParallel(List<T> items, Consumer<T> action) {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(8, Math.max(1, items.size())));
    try {
      List<Future<?>> futures = new ArrayList<>(items.size());
      for (T item : items) {
        futures.add(pool.submit(() -> action.accept(item)));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException("seeding the Kubernetes API failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while seeding the Kubernetes API", e);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Creates a pod (and, after it, the ResourceClaim reserved for it). */
  void createPod(ClusterModel model, Pod pod, Instant now) {
    String message = pod.isScheduled() ? null : model.failedSchedulingMessage(pod.gpuCount());
    io.fabric8.kubernetes.api.model.Pod object =
        uids.withOwners(PodObjects.build(pod, now, message));
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
      String assigned = uids.of("Revision", pod.namespace(), pod.revision().name());
      object
          .getMetadata()
          .getLabels()
          .put(Labels.KNATIVE_REVISION_UID, assigned != null ? assigned : revisionUid);
    }
    io.fabric8.kubernetes.api.model.Pod created =
        uids.track(client.pods().resource(object).create());
    if (pod.draClaim() != null && pod.isScheduled()) {
      ResourceClaim claim = DraObjects.claim(pod, now);
      claim.getStatus().getReservedFor().get(0).setUid(created.getMetadata().getUid());
      uids.track(client.resources(ResourceClaim.class).resource(claim).create());
    }
  }

  /**
   * A serving pod declares the readiness gate through which the remediator takes one pod out of
   * traffic, and starts with the gate's condition True (what the workload's own readiness hook
   * would set), so it is Ready and in its Service's endpoints.
   */
  private void servingGate(io.fabric8.kubernetes.api.model.Pod object, Instant now) {
    object.getSpec().setReadinessGates(List.of(new PodReadinessGate(conventions.readinessGate())));
    if (object.getStatus() != null && "Running".equals(object.getStatus().getPhase())) {
      List<PodCondition> conditions = new ArrayList<>(object.getStatus().getConditions());
      conditions.add(
          new PodConditionBuilder()
              .withType(conventions.readinessGate())
              .withStatus("True")
              .withLastTransitionTime(now.toString())
              .build());
      object.getStatus().setConditions(conditions);
    }
  }

  /** The uid the API server gave a pod, or null if the seeder did not create it. */
  String podUid(Pod pod) {
    return uids.of("Pod", pod.namespace(), pod.name());
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
}
