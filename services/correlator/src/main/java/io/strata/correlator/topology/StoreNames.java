package io.strata.correlator.topology;

/** Every state store of the topology, named so their changelogs and queries are stable. */
public final class StoreNames {

  /** pod key → the pod's last state, to route its tombstone to the right node and workload. */
  public static final String POD_ROUTES = "pod-routes";

  /** claim key → the claim's last state, for the same reason. */
  public static final String CLAIM_ROUTES = "claim-routes";

  /** cluster/node → {@link io.strata.correlator.state.NodeView}. */
  public static final String NODES = "node-views";

  /**
   * cluster/node/gpu|CLASS → {@link io.strata.correlator.recovery.DeviceRecovery}, for device-level
   * incidents.
   */
  public static final String DEVICE_INCIDENTS = "device-incidents";

  /**
   * workload|cluster/node/gpu|CLASS → {@link io.strata.correlator.recovery.DeviceWatch}: the device
   * incidents a workload reports its windows to.
   */
  public static final String DEVICE_WATCHES = "device-watches";

  /** trace_id → {@link io.strata.correlator.trace.OpenTrace}: traces still being assembled. */
  public static final String TRACE_PARTS = "trace-parts";

  /**
   * workload|model_version|sliceStart → {@link io.strata.correlator.window.RequestWindow}: one
   * window-advance of requests; windows merge the slices they cover.
   */
  public static final String REQUEST_SLICES = "request-slices";

  /** workload|model_version → end (epoch ms) of its last evaluated window. */
  public static final String REQUEST_WINDOW_MARKS = "request-window-marks";

  /** cluster/namespace/workload → {@link io.strata.correlator.state.WorkloadView}. */
  public static final String WORKLOADS = "workload-views";

  /** workload|model_version → {@link io.strata.correlator.baseline.BaselineTracker}. */
  public static final String BASELINES = "baselines";

  /** workload|model_version|class → tracker, for request-level incidents. */
  public static final String REQUEST_INCIDENTS = "request-incidents";

  private StoreNames() {}
}
