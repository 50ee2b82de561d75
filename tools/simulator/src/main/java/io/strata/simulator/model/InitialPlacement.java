package io.strata.simulator.model;

import java.util.List;

/** Creates the workloads' pods on a fresh cluster and picks the scenario targets. */
final class InitialPlacement {

  private InitialPlacement() {}

  static void place(ClusterShape shape, ClusterModel model) {
    Workload job = Workloads.job(Workloads.jobGpusPerPod(shape));
    Workload dra = Workloads.dra();
    Workload deployment = Workloads.deployment();
    Workload knative = Workloads.knative();
    for (Workload w : List.of(knative, deployment, dra, job)) {
      model.addWorkload(w);
    }
    // Whole-node training pods first, so they still find empty nodes.
    for (int i = 0; i < Workloads.jobPods(shape); i++) {
      model.admit(pod(job, job.revisions().get(0), job.name() + "-" + suffix(job, i), "trainer"));
    }
    Revision draRevision = dra.revisions().get(0);
    model.admit(
        new Pod(
            ClusterModel.replicaSetName(dra, draRevision) + "-" + suffix(dra, 0),
            dra.namespace(),
            "ctr",
            Names.uid(dra.namespace() + "/dra-pod"),
            dra,
            draRevision,
            1,
            null,
            List.of(),
            dra.name() + "-gpu"));
    Revision embed = deployment.primaryRevision();
    String embedPrefix = ClusterModel.replicaSetName(deployment, embed) + "-";
    for (int i = 0; i < Workloads.eighthPods(shape); i++) {
      model.admit(pod(deployment, embed, embedPrefix + suffix(deployment, i), "server"));
    }
    int[] counts = {Workloads.revisionOnePods(shape), Workloads.eighthPods(shape)};
    knative.setMinScaleBaseline(counts[0]);
    for (int r = 0; r < 2; r++) {
      Revision revision = knative.revisions().get(r);
      String prefix = ClusterModel.replicaSetName(knative, revision) + "-";
      for (int i = 0; i < counts[r]; i++) {
        model.admit(pod(knative, revision, prefix + Names.suffix(revision.name() + i, 5), ""));
      }
    }
  }

  private static Pod pod(Workload w, Revision revision, String name, String container) {
    return new Pod(
        name,
        w.namespace(),
        container.isEmpty() ? "user-container" : container,
        Names.uid(w.namespace() + "/" + name),
        w,
        revision,
        w.gpusPerPod(),
        null,
        List.of(),
        null);
  }

  private static String suffix(Workload w, int i) {
    return Names.suffix(w.name() + "/" + i, 5);
  }

  static ScenarioTargets targets(ClusterModel model) {
    List<Pod> pods = model.pods();
    Workload knative = model.workload(Workloads.INFERENCE_NAMESPACE, Workloads.KNATIVE).get();
    List<Pod> revisionOne =
        pods.stream()
            .filter(p -> p.isScheduled() && p.revision().equals(knative.revisions().get(0)))
            .toList();
    Pod firstServing = revisionOne.isEmpty() ? anyScheduled(pods) : revisionOne.get(0);
    Pod lastServing =
        revisionOne.isEmpty() ? firstServing : revisionOne.get(revisionOne.size() - 1);
    Pod embedder =
        pods.stream()
            .filter(p -> p.isScheduled() && p.workload().name().equals(Workloads.DEPLOYMENT))
            .findFirst()
            .orElse(firstServing);
    Pod elsewhere =
        revisionOne.stream()
            .filter(p -> !p.node().equals(embedder.node()))
            .findFirst()
            .orElse(firstServing);
    return new ScenarioTargets(
        gpuOf(model, firstServing),
        lastServing.node(),
        gpuOf(model, embedder),
        gpuOf(model, embedder),
        elsewhere,
        embedder.node(),
        knative);
  }

  private static Pod anyScheduled(List<Pod> pods) {
    return pods.stream()
        .filter(Pod::isScheduled)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no pod could be scheduled"));
  }

  private static Gpu gpuOf(ClusterModel model, Pod pod) {
    return model.node(pod.node()).orElseThrow().gpus().get(pod.gpuIndices().get(0));
  }
}
