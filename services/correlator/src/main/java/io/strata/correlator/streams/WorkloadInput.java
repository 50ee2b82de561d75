package io.strata.correlator.streams;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.strata.correlator.core.incident.AlertNotice;
import io.strata.correlator.core.request.WindowStats;
import io.strata.correlator.core.state.EventMark;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.PodBrief;

/**
 * Everything the workload side consumes, keyed by cluster/namespace/workload: one case per kind of
 * record.
 *
 * <p>It travels over the workload-inputs repartition topic ({@link WorkloadInputSerde}): an owned
 * GPU's state and its release in binary, the other cases as JSON, where {@code kind} names the case
 * and the GPU UUID, pod key or tracker key is {@code object_key} ({@code InputWireFormatTest}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = WorkloadInput.Window.class, name = "WINDOW"),
  @JsonSubTypes.Type(value = WorkloadInput.Gpu.class, name = "GPU"),
  @JsonSubTypes.Type(value = WorkloadInput.GpuReleased.class, name = "GPU_RELEASED"),
  @JsonSubTypes.Type(value = WorkloadInput.Pod.class, name = "POD"),
  @JsonSubTypes.Type(value = WorkloadInput.PodRemoved.class, name = "POD_REMOVED"),
  @JsonSubTypes.Type(value = WorkloadInput.Event.class, name = "EVENT"),
  @JsonSubTypes.Type(value = WorkloadInput.DeviceWatch.class, name = "DEVICE_WATCH"),
  @JsonSubTypes.Type(value = WorkloadInput.Alert.class, name = "ALERT")
})
sealed interface WorkloadInput {

  /** A closed request window of the workload. */
  record Window(WindowStats window) implements WorkloadInput {}

  /** The state of a GPU the workload holds. */
  record Gpu(@JsonProperty("object_key") String gpuUuid, GpuSnapshot gpu)
      implements WorkloadInput {}

  /** A GPU the workload no longer holds. */
  record GpuReleased(@JsonProperty("object_key") String gpuUuid) implements WorkloadInput {}

  /** A pod of the workload. */
  record Pod(@JsonProperty("object_key") String podKey, PodBrief pod) implements WorkloadInput {}

  /** A pod the workload no longer has. */
  record PodRemoved(@JsonProperty("object_key") String podKey) implements WorkloadInput {}

  /** A Kubernetes event about the workload. */
  record Event(EventMark event) implements WorkloadInput {}

  /**
   * A device incident affects this workload: report its windows to the device-incident side.
   *
   * @param trackerKey the device incident's tracker key (cluster/node/gpu|CLASS)
   */
  record DeviceWatch(@JsonProperty("object_key") String trackerKey) implements WorkloadInput {}

  /** An Alertmanager alert naming the workload: evidence for its open incidents. */
  record Alert(AlertNotice alert) implements WorkloadInput {}

  static WorkloadInput window(WindowStats window) {
    return new Window(window);
  }

  static WorkloadInput gpu(GpuSnapshot gpu) {
    return new Gpu(gpu.gpuUuid(), gpu);
  }

  static WorkloadInput gpuReleased(String gpuUuid) {
    return new GpuReleased(gpuUuid);
  }

  static WorkloadInput pod(PodBrief pod) {
    return new Pod(pod.podKey(), pod);
  }

  static WorkloadInput podRemoved(String podKey) {
    return new PodRemoved(podKey);
  }

  static WorkloadInput deviceWatch(String trackerKey) {
    return new DeviceWatch(trackerKey);
  }

  static WorkloadInput event(EventMark event) {
    return new Event(event);
  }

  static WorkloadInput alert(AlertNotice alert) {
    return new Alert(alert);
  }
}
