package io.strata.correlator.topology;

import io.strata.correlator.state.EventMark;
import io.strata.correlator.state.GpuSnapshot;
import io.strata.correlator.state.PodBrief;
import io.strata.correlator.window.WindowStats;

/**
 * Everything the workload side consumes, keyed by cluster/namespace/workload: one kind per record.
 *
 * @param objectKey the GPU UUID for GPU*, the pod key for POD*, the device incident's tracker key
 *     (cluster/node/gpu|CLASS) for DEVICE_WATCH
 */
public record WorkloadInput(
    Kind kind,
    String objectKey,
    WindowStats window,
    GpuSnapshot gpu,
    PodBrief pod,
    EventMark event) {

  /** What a workload input carries. */
  public enum Kind {
    WINDOW,
    GPU,
    GPU_RELEASED,
    POD,
    POD_REMOVED,
    EVENT,
    DEVICE_WATCH
  }

  public static WorkloadInput window(WindowStats window) {
    return new WorkloadInput(Kind.WINDOW, null, window, null, null, null);
  }

  public static WorkloadInput gpu(GpuSnapshot gpu) {
    return new WorkloadInput(Kind.GPU, gpu.gpuUuid(), null, gpu, null, null);
  }

  public static WorkloadInput gpuReleased(String gpuUuid) {
    return new WorkloadInput(Kind.GPU_RELEASED, gpuUuid, null, null, null, null);
  }

  public static WorkloadInput pod(PodBrief pod) {
    return new WorkloadInput(Kind.POD, pod.podKey(), null, null, pod, null);
  }

  public static WorkloadInput podRemoved(String podKey) {
    return new WorkloadInput(Kind.POD_REMOVED, podKey, null, null, null, null);
  }

  /** A device incident affects this workload: report its windows to the device-incident side. */
  public static WorkloadInput deviceWatch(String trackerKey) {
    return new WorkloadInput(Kind.DEVICE_WATCH, trackerKey, null, null, null, null);
  }

  public static WorkloadInput event(EventMark event) {
    return new WorkloadInput(Kind.EVENT, null, null, null, null, event);
  }
}
