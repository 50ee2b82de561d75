package io.strata.simulator.model;

/**
 * What a request served by a pod on a GPU meets under the active scenario: the request-side
 * counterpart of {@link Situations}, which says the same for a GPU's device fields. Separate from
 * {@link ClusterModel} for the same reason: which scenario slows which requests is then read in one
 * place.
 */
final class LatencyConditions {

  private LatencyConditions() {}

  /**
   * @param lost whether the GPU has fallen off the bus (XID 79's target, or one a test added)
   * @param servingCapacity see {@link ActiveScenario#servingCapacity}, as of this tick's requests
   */
  static LatencyModel.Conditions of(
      Pod pod,
      Gpu gpu,
      Revision revision,
      Scenario scenario,
      ScenarioTargets targets,
      boolean lost,
      double servingCapacity) {
    Workload w = pod.workload();
    boolean serving = w == targets.servingWorkload();
    return new LatencyModel.Conditions(
        w.concurrency(),
        w.initialConcurrency(),
        scenario == Scenario.QUEUE_BACKLOG && serving,
        scenario == Scenario.THERMAL_THROTTLING && pod.node().equals(targets.thermalNode()),
        lost,
        scenario == Scenario.APP_XID_13 && gpu == targets.appXidGpu(),
        coldModel(scenario, w, revision, serving),
        servingCapacity,
        scenario == Scenario.VLLM_QUEUE_BACKLOG && Workloads.tracesLikeVllm(w),
        scenario == Scenario.VLLM_SLOW_DECODE && Workloads.tracesLikeVllm(w));
  }

  private static boolean coldModel(
      Scenario scenario, Workload w, Revision revision, boolean serving) {
    if (scenario == Scenario.SLOW_MODEL_LOAD) {
      return serving && revision.equals(w.latestRevision());
    }
    return scenario == Scenario.SLOW_MODEL_LOAD_DEPLOYMENT
        && w.kind() == WorkloadKind.DEPLOYMENT
        && revision.equals(w.latestRevision());
  }
}
