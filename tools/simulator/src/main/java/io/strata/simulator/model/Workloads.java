package io.strata.simulator.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The four workloads every simulated cluster runs, and how many pods each gets. */
public final class Workloads {

  public static final String INFERENCE_NAMESPACE = "inference";
  public static final String KNATIVE = "llm-serve";
  public static final String DEPLOYMENT = "embedder";
  public static final String DRA = "dra-infer";
  public static final String DRA_NAMESPACE = "dra-demo";
  public static final String JOB = "llm-finetune";
  public static final String JOB_NAMESPACE = "training";
  public static final int KNATIVE_CONCURRENCY = 8;
  public static final String DEPLOYMENT_VERSION = "e5-large-v2";
  public static final String DEPLOYMENT_PREVIOUS_VERSION = "e5-large-v1";

  private Workloads() {}

  public static Workload knative() {
    Map<String, Integer> traffic = new LinkedHashMap<>();
    traffic.put(KNATIVE + "-00001", 90);
    traffic.put(KNATIVE + "-00002", 10);
    return new Workload(
        KNATIVE,
        INFERENCE_NAMESPACE,
        WorkloadKind.KNATIVE_SERVICE,
        List.of(new Revision(KNATIVE + "-00001", "v1"), new Revision(KNATIVE + "-00002", "v2")),
        1,
        KNATIVE_CONCURRENCY,
        0.7,
        traffic);
  }

  /**
   * The plain Deployment runs {@link #DEPLOYMENT_VERSION}, rolled out over {@link
   * #DEPLOYMENT_PREVIOUS_VERSION} (whose ReplicaSet is kept at zero replicas, as Deployments keep
   * old ReplicaSets), so a rollback through the pod-template label has somewhere to go.
   */
  public static Workload deployment() {
    Revision previous = deploymentRevision(DEPLOYMENT_PREVIOUS_VERSION);
    Revision current = deploymentRevision(DEPLOYMENT_VERSION);
    return new Workload(
        DEPLOYMENT,
        INFERENCE_NAMESPACE,
        WorkloadKind.DEPLOYMENT,
        List.of(previous, current),
        1,
        0,
        0.2,
        Map.of(current.name(), 100));
  }

  private static Revision deploymentRevision(String modelVersion) {
    return new Revision(DEPLOYMENT + "-" + modelVersion, modelVersion);
  }

  /**
   * Whether the workload's server is vLLM, which traces a request as one {@code llm_request} span
   * with {@code gen_ai.latency.*} attributes instead of Strata's stage spans: the DRA workload, so
   * the Strata-stage workloads (llm-serve, embedder) and their scenarios stay as they were.
   */
  public static boolean tracesLikeVllm(Workload workload) {
    return DRA.equals(workload.name()) && DRA_NAMESPACE.equals(workload.namespace());
  }

  public static Workload dra() {
    return new Workload(
        DRA,
        DRA_NAMESPACE,
        WorkloadKind.DRA_DEPLOYMENT,
        List.of(new Revision(DRA, "v1")),
        1,
        0,
        0.1,
        Map.of(DRA, 100));
  }

  public static Workload job(int gpusPerPod) {
    return new Workload(
        JOB,
        JOB_NAMESPACE,
        WorkloadKind.JOB,
        List.of(new Revision(JOB, "ckpt-0")),
        gpusPerPod,
        0,
        0,
        Map.of(JOB, 100));
  }

  /** GPUs per training pod: a whole node on big clusters, a quarter of the GPUs on tiny ones. */
  public static int jobGpusPerPod(ClusterShape shape) {
    return Math.min(shape.gpusPerNode(), Math.max(1, shape.totalGpus() / 4));
  }

  /**
   * Pod counts that leave a few GPUs free: training a quarter of the GPUs, Knative revision 1 three
   * eighths, revision 2 and the Deployment an eighth each, one DRA pod.
   */
  public static int jobPods(ClusterShape shape) {
    return Math.max(1, (shape.totalGpus() / 4) / jobGpusPerPod(shape));
  }

  public static int revisionOnePods(ClusterShape shape) {
    return Math.max(1, shape.totalGpus() * 3 / 8);
  }

  public static int eighthPods(ClusterShape shape) {
    return Math.max(1, shape.totalGpus() / 8);
  }
}
