package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which pods k8s-watcher publishes: those requesting a GPU resource (requests or limits, app or
 * init containers), those holding DRA resource claims, and every pod of the configured namespaces.
 */
public final class PodInterest {

  private final GpuResources gpus;
  private final Set<String> namespacesOfInterest;

  public PodInterest(GpuResources gpus, List<String> namespacesOfInterest) {
    this.gpus = gpus;
    this.namespacesOfInterest = Set.copyOf(namespacesOfInterest);
  }

  public boolean test(Pod pod) {
    if (namespacesOfInterest.contains(pod.getMetadata().getNamespace())) {
      return true;
    }
    if (pod.getSpec() == null) {
      return false;
    }
    List<?> claims = pod.getSpec().getResourceClaims();
    if (claims != null && !claims.isEmpty()) {
      return true;
    }
    return Stream.concat(
            stream(pod.getSpec().getContainers()), stream(pod.getSpec().getInitContainers()))
        .map(Container::getResources)
        .anyMatch(this::requestsGpu);
  }

  private boolean requestsGpu(ResourceRequirements resources) {
    return resources != null
        && (namesGpu(resources.getRequests()) || namesGpu(resources.getLimits()));
  }

  private boolean namesGpu(Map<String, ?> quantities) {
    return quantities != null && quantities.keySet().stream().anyMatch(gpus::isGpu);
  }

  private static Stream<Container> stream(List<Container> containers) {
    return containers == null ? Stream.empty() : containers.stream();
  }
}
