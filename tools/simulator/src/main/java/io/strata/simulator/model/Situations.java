package io.strata.simulator.model;

import java.util.Set;
import java.util.function.Predicate;

/** What each GPU's situation is under the active scenario and the remediation state. */
final class Situations {

  /** Fields the MISSING_FIELDS exporter stops publishing. */
  static final Set<DeviceField> MISSING =
      Set.of(DeviceField.POWER_USAGE, DeviceField.MEM_COPY_UTIL, DeviceField.PIPE_TENSOR_ACTIVE);

  private Situations() {}

  /**
   * @param lost whether the GPU has fallen off the bus (XID 79's target, or one a test added)
   */
  static DeviceModel.Situation of(
      Gpu gpu, Scenario scenario, ScenarioTargets targets, boolean lost, Predicate<Pod> routable) {
    Pod holder = gpu.holder();
    boolean thermal =
        scenario == Scenario.THERMAL_THROTTLING && gpu.node().equals(targets.thermalNode());
    Set<DeviceField> missing =
        scenario == Scenario.MISSING_FIELDS && gpu.node().equals(targets.missingFieldsNode())
            ? MISSING
            : Set.of();
    Pod attribution =
        scenario == Scenario.OWNERSHIP_MISMATCH && gpu == targets.mismatchGpu()
            ? targets.mismatchPod()
            : holder;
    return new DeviceModel.Situation(
        utilisation(holder, thermal, scenario, targets, routable),
        memoryUsed(holder),
        thermal,
        lost,
        missing,
        attribution);
  }

  private static double utilisation(
      Pod holder,
      boolean thermal,
      Scenario scenario,
      ScenarioTargets targets,
      Predicate<Pod> routable) {
    if (holder == null) {
      return 0;
    }
    Workload w = holder.workload();
    if (w.kind() == WorkloadKind.JOB) {
      return 95;
    }
    if (scenario == Scenario.IDLE || !routable.test(holder)) {
      return 1;
    }
    boolean backlog = scenario == Scenario.QUEUE_BACKLOG && w == targets.servingWorkload();
    return thermal || backlog ? 97 : 68;
  }

  private static double memoryUsed(Pod holder) {
    if (holder == null) {
      return 0;
    }
    return switch (holder.workload().kind()) {
      case JOB -> 78_200;
      case DRA_DEPLOYMENT -> 40_960;
      default -> 61_440;
    };
  }
}
