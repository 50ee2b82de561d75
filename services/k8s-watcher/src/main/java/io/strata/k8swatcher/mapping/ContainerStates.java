package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.ContainerState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/** The container side of a pod: GPU requests, restarts, terminations, device health. */
final class ContainerStates {

  private final GpuResources gpus;

  ContainerStates(GpuResources gpus) {
    this.gpus = gpus;
  }

  /** One state per app container, in spec order, joined with its status by name. */
  List<ContainerState> of(Pod pod) {
    List<ContainerState> states = new ArrayList<>();
    for (Container container : nonNull(pod.getSpec().getContainers())) {
      Optional<ContainerStatus> status = statusOf(pod, container.getName());
      Optional<ContainerStateTerminated> terminated = status.flatMap(ContainerStates::terminated);
      states.add(
          new ContainerState(
              container.getName(),
              container.getImage(),
              gpus.counts(resources(container).getRequests()),
              gpus.counts(resources(container).getLimits()),
              status.map(s -> s.getRestartCount() == null ? 0 : s.getRestartCount()).orElse(0),
              status.map(s -> Boolean.TRUE.equals(s.getReady())).orElse(false),
              terminated.map(ContainerStateTerminated::getReason).orElse(null),
              terminated.map(ContainerStateTerminated::getExitCode).orElse(null)));
    }
    return states;
  }

  /**
   * The pod's effective GPU demand: the larger of the app containers' sum and any single init
   * container, per resource (init containers run one at a time, before the app containers).
   */
  Map<String, Long> effective(Pod pod, Function<ResourceRequirements, Map<String, Quantity>> side) {
    Map<String, Long> total = new TreeMap<>();
    for (Container container : nonNull(pod.getSpec().getContainers())) {
      countsOf(container, side).forEach((name, count) -> total.merge(name, count, Long::sum));
    }
    for (Container init : nonNull(pod.getSpec().getInitContainers())) {
      countsOf(init, side).forEach((name, count) -> total.merge(name, count, Math::max));
    }
    return total;
  }

  /** The most recent termination reason across containers (OOMKilled, Error, ...). */
  static String lastTerminationReason(Pod pod) {
    return allStatuses(pod).stream()
        .map(ContainerStates::terminated)
        .flatMap(Optional::stream)
        .filter(t -> t.getReason() != null)
        .max((a, b) -> finishedAt(a).compareTo(finishedAt(b)))
        .map(ContainerStateTerminated::getReason)
        .orElse(null);
  }

  /** status.containerStatuses[].allocatedResourcesStatus (KEP-4680), flattened. */
  static List<AllocatedResource> allocatedResources(Pod pod) {
    List<AllocatedResource> resources = new ArrayList<>();
    for (ContainerStatus status : allStatuses(pod)) {
      nonNull(status.getAllocatedResourcesStatus())
          .forEach(
              resource ->
                  nonNull(resource.getResources())
                      .forEach(
                          health ->
                              resources.add(
                                  new AllocatedResource(
                                      status.getName(),
                                      resource.getName(),
                                      health.getResourceID(),
                                      health.getHealth()))));
    }
    return resources;
  }

  private Map<String, Long> countsOf(
      Container container, Function<ResourceRequirements, Map<String, Quantity>> side) {
    return gpus.counts(side.apply(resources(container)));
  }

  private static ResourceRequirements resources(Container container) {
    return container.getResources() == null ? new ResourceRequirements() : container.getResources();
  }

  /** The current termination if the container is terminated now, else the previous one. */
  private static Optional<ContainerStateTerminated> terminated(ContainerStatus status) {
    if (status.getState() != null && status.getState().getTerminated() != null) {
      return Optional.of(status.getState().getTerminated());
    }
    if (status.getLastState() != null) {
      return Optional.ofNullable(status.getLastState().getTerminated());
    }
    return Optional.empty();
  }

  private static Instant finishedAt(ContainerStateTerminated terminated) {
    Instant finished = Timestamps.parse(terminated.getFinishedAt());
    return finished == null ? Instant.EPOCH : finished;
  }

  private static Optional<ContainerStatus> statusOf(Pod pod, String container) {
    return allStatuses(pod).stream().filter(s -> container.equals(s.getName())).findFirst();
  }

  private static List<ContainerStatus> allStatuses(Pod pod) {
    return pod.getStatus() == null ? List.of() : nonNull(pod.getStatus().getContainerStatuses());
  }

  private static <T> List<T> nonNull(List<T> list) {
    return list == null ? List.of() : list;
  }
}
