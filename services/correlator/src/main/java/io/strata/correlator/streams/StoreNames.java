package io.strata.correlator.streams;

/** Every state store of the topology, named so their changelogs and queries are stable. */
public final class StoreNames {

  /** pod key → the pod's last state, to route its tombstone to the right node and workload. */
  public static final String POD_ROUTES = "pod-routes";

  /** claim key → the claim's last state, for the same reason. */
  public static final String CLAIM_ROUTES = "claim-routes";

  /** cluster/node → {@link io.strata.correlator.core.state.NodeView} without its GPUs. */
  public static final String NODES = "node-views";

  /** cluster/node/gpu_uuid → {@link io.strata.correlator.core.state.GpuView}: one entry per GPU. */
  public static final String NODE_GPUS = "node-gpus";

  /**
   * cluster/node/gpu_uuid → {@link io.strata.correlator.core.state.GpuExemplars}: latest requests.
   */
  public static final String NODE_EXEMPLARS = "node-exemplars";

  /**
   * cluster/node/gpu|CLASS → {@link io.strata.correlator.core.incident.DeviceRecovery}, for
   * device-level incidents.
   */
  public static final String DEVICE_INCIDENTS = "device-incidents";

  /**
   * workload|cluster/node/gpu|CLASS → {@link io.strata.correlator.core.incident.DeviceWatch}: the
   * device incidents a workload reports its windows to.
   */
  public static final String DEVICE_WATCHES = "device-watches";

  /**
   * trace_id → {@link io.strata.correlator.core.request.OpenTrace}: traces still being assembled.
   */
  public static final String TRACE_PARTS = "trace-parts";

  /**
   * workload|model_version at a request's timestamp → the {@link
   * io.strata.correlator.core.request.AssembledTrace} (window store with duplicates, binary):
   * windows aggregate the requests they cover when they close.
   */
  public static final String REQUEST_SLICES = "request-slices";

  /** workload|model_version → end (epoch ms) of its last evaluated window. */
  public static final String REQUEST_WINDOW_MARKS = "request-window-marks";

  /**
   * cluster/namespace/workload → {@link io.strata.correlator.core.state.WorkloadView} without its
   * GPUs and pods (those are {@link #WORKLOAD_GPUS} and {@link #WORKLOAD_PODS}; see {@link
   * WorkloadParts}).
   */
  public static final String WORKLOADS = "workload-views";

  /** workload|gpu_uuid → {@link io.strata.correlator.core.state.GpuSnapshot}: a workload's GPUs. */
  public static final String WORKLOAD_GPUS = "workload-gpus";

  /** workload|pod key → {@link io.strata.correlator.core.state.PodBrief}: a workload's pods. */
  public static final String WORKLOAD_PODS = "workload-pods";

  /** workload|model_version → {@link io.strata.correlator.core.request.BaselineTracker}. */
  public static final String BASELINES = "baselines";

  /** workload|model_version|class → tracker, for request-level incidents. */
  public static final String REQUEST_INCIDENTS = "request-incidents";

  private StoreNames() {}
}
