package io.strata.kubetest;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a mock API server serves, as API discovery reports it: groups, their versions (the first
 * version added is the group's preferred one) and each version's resources. Mutable and
 * thread-safe, so a test can install, upgrade or remove a CRD while the code under test runs.
 */
public final class ServedApis {

  /** One resource of a group version, as an APIResourceList names it ({@code pods/status}). */
  public record Resource(String plural, String kind, boolean namespaced) {}

  private final Map<String, Map<String, List<Resource>>> groups = new LinkedHashMap<>();

  private ServedApis() {}

  public static ServedApis none() {
    return new ServedApis();
  }

  /**
   * The built-in resources Strata's services use, as every Kubernetes API server serves them: core
   * v1, apps/v1, batch/v1, coordination.k8s.io/v1, discovery.k8s.io/v1 and events.k8s.io/v1.
   */
  public static ServedApis kubernetes() {
    return none()
        .serve("", "v1", "Node", "nodes", false)
        .serve("", "v1", "Pod", "pods", true)
        .serve("", "v1", "Pod", "pods/status", true)
        .serve("", "v1", "Event", "events", true)
        .serve("", "v1", "Namespace", "namespaces", false)
        .serve("", "v1", "ConfigMap", "configmaps", true)
        .serve("apps", "v1", "Deployment", "deployments", true)
        .serve("apps", "v1", "StatefulSet", "statefulsets", true)
        .serve("apps", "v1", "ReplicaSet", "replicasets", true)
        .serve("batch", "v1", "Job", "jobs", true)
        .serve("coordination.k8s.io", "v1", "Lease", "leases", true)
        .serve("discovery.k8s.io", "v1", "EndpointSlice", "endpointslices", true)
        .serve("events.k8s.io", "v1", "Event", "events", true);
  }

  /** Serves one more resource ({@code group} "" is the core group). */
  public synchronized ServedApis serve(
      String group, String version, String kind, String plural, boolean namespaced) {
    List<Resource> resources =
        groups
            .computeIfAbsent(group, g -> new LinkedHashMap<>())
            .computeIfAbsent(version, v -> new ArrayList<>());
    resources.removeIf(r -> r.plural().equals(plural));
    resources.add(new Resource(plural, kind, namespaced));
    return this;
  }

  /** Serves a custom resource at the version of its context. */
  public ServedApis serve(CustomResourceDefinitionContext crd) {
    return serve(
        crd.getGroup(), crd.getVersion(), crd.getKind(), crd.getPlural(), crd.isNamespaceScoped());
  }

  /**
   * Stops serving a version (as a CRD version set to served: false); a group goes with its last.
   */
  public synchronized ServedApis withdraw(String group, String version) {
    Map<String, List<Resource>> versions = groups.get(group);
    if (versions != null) {
      versions.remove(version);
      if (versions.isEmpty()) {
        groups.remove(group);
      }
    }
    return this;
  }

  /** The groups served, the core group "" included. */
  public synchronized Set<String> groups() {
    return Set.copyOf(groups.keySet());
  }

  /** A group's versions, the preferred one first; empty when the group is not served. */
  public synchronized List<String> versions(String group) {
    Map<String, List<Resource>> versions = groups.get(group);
    return versions == null ? List.of() : List.copyOf(versions.keySet());
  }

  /** The resources of a group version; empty when that version is not served. */
  public synchronized Optional<List<Resource>> resources(String group, String version) {
    Map<String, List<Resource>> versions = groups.get(group);
    List<Resource> resources = versions == null ? null : versions.get(version);
    return resources == null ? Optional.empty() : Optional.of(List.copyOf(resources));
  }
}
