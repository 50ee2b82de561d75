package io.strata.watcherbench;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * Creates the fleet in the mock API server through its REST API, eight requests at a time, and
 * counts what it created per kind.
 */
final class FleetSeeder {

  /** How many objects of each kind the API holds after seeding. */
  record Counts(
      int nodes, int slices, int replicaSets, int jobs, int pods, int claims, int events) {}

  private final KubernetesClient client;
  private final FleetShape shape;
  private final AtomicInteger created = new AtomicInteger();

  FleetSeeder(KubernetesClient client, FleetShape shape) {
    this.client = client;
    this.shape = shape;
  }

  Counts seed() throws InterruptedException {
    for (int ns = 0; ns < FleetShape.NAMESPACES; ns++) {
      client
          .namespaces()
          .resource(
              new NamespaceBuilder()
                  .withNewMetadata()
                  .withName(String.format("team-%02d", ns))
                  .endMetadata()
                  .build())
          .create();
    }
    List<HasMetadata> objects = new ArrayList<>();
    int slices = 0;
    for (int n = 0; n < shape.nodes(); n++) {
      objects.add(NodeObjects.node(shape, n));
      objects.add(NodeObjects.slice(shape, n));
      slices++;
    }
    int replicaSets = 0;
    int jobs = 0;
    int claims = 0;
    int events = 0;
    for (int w = 0; w < shape.workloads(); w++) {
      String namespace = shape.namespace(w);
      boolean isJob = shape.isJob(w);
      String workload = String.format(isJob ? "train-%04d" : "serve-%04d", w);
      OwnerReference owner =
          isJob
              ? WorkloadObjects.owner("batch/v1", "Job", workload)
              : WorkloadObjects.owner("apps/v1", "ReplicaSet", workload + "-7d9f5c6b8");
      int first = w * FleetShape.DEPLOYMENT_REPLICAS;
      int last = Math.min(shape.pods(), first + FleetShape.DEPLOYMENT_REPLICAS);
      List<Pod> pods = new ArrayList<>();
      for (int p = first; p < last; p++) {
        String claim = isJob ? owner.getName() + "-" + PodObjects.suffix(p) + "-gpu-h8kq2" : null;
        Pod pod = PodObjects.pod(shape, p, namespace, owner, claim);
        pods.add(pod);
        if (claim != null) {
          objects.add(
              WorkloadObjects.claim(namespace, claim, shape.node(p), shape.gpuOnNode(p), pod));
          claims++;
        }
        for (int e = 0; e < shape.eventsPerPod(); e++) {
          objects.add(EventObjects.event(pod, e));
          events++;
        }
      }
      if (isJob) {
        objects.add(WorkloadObjects.job(namespace, workload, pods.get(0)));
        jobs++;
      } else {
        objects.add(WorkloadObjects.replicaSet(namespace, workload, "7d9f5c6b8", pods.get(0)));
        objects.add(WorkloadObjects.replicaSet(namespace, workload, "5b4c8d9f7", pods.get(0)));
        replicaSets += 2;
      }
      objects.addAll(pods);
    }
    createAll(objects);
    return new Counts(shape.nodes(), slices, replicaSets, jobs, shape.pods(), claims, events);
  }

  private void createAll(List<HasMetadata> objects) throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> futures = new ArrayList<>(objects.size());
      IntStream.range(0, objects.size())
          .forEach(i -> futures.add(pool.submit(() -> create(objects.get(i)))));
      for (Future<?> future : futures) {
        future.get();
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException("seeding the mock API server failed", e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private void create(HasMetadata object) {
    client.resource(object).create();
    int count = created.incrementAndGet();
    if (count % 10_000 == 0) {
      System.out.println("# seeded " + count + " objects");
    }
  }
}
