package io.strata.events.k8s;

import java.util.Map;

/**
 * One container of a pod: its GPU requests and how it has been doing.
 *
 * @param requests extended-resource requests that matter (for example {@code nvidia.com/gpu} → 1)
 * @param limits extended-resource limits
 * @param lastTerminationReason for example {@code OOMKilled}, {@code Error}; null when it never
 *     terminated
 */
public record ContainerState(
    String name,
    String image,
    Map<String, Long> requests,
    Map<String, Long> limits,
    int restartCount,
    boolean ready,
    String lastTerminationReason,
    Integer lastExitCode) {

  public ContainerState {
    requests = requests == null ? Map.of() : Map.copyOf(requests);
    limits = limits == null ? Map.of() : Map.copyOf(limits);
  }
}
