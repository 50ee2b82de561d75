package io.strata.remediator.kube;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIGroupList;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.APIVersions;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.strata.remediator.core.cluster.ApiVersions;
import io.strata.remediator.core.cluster.DiscoveredApis;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.mechanisms.Kinds;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * API discovery through fabric8's discovery calls: GET /api and /apis for the served versions, then
 * /api/v1 and /apis/&lt;group&gt;/&lt;version&gt; for each served version's resources (a 404 there,
 * which fabric8 returns as null, is a version not served). Non-resource URLs, which the default
 * system:discovery role grants every account: no RBAC rule of the remediator's own.
 */
public final class FabricDiscovery implements ApiVersions.Discovery {

  private final KubernetesClient client;

  public FabricDiscovery(KubernetesClient client) {
    this.client = client;
  }

  /** The versions of every kind the remediator addresses, discovered through {@code client}. */
  public static ApiVersions versions(
      KubernetesClient client, Clock clock, ApiVersions.Settings settings) {
    return new ApiVersions(new FabricDiscovery(client), Kinds.resources(), clock, settings);
  }

  @Override
  public DiscoveredApis discover(Set<String> groups) throws TargetException {
    try {
      Map<String, List<String>> versions = new HashMap<>();
      APIVersions core = groups.contains("") ? client.getAPIVersions() : null;
      if (core != null && core.getVersions() != null) {
        versions.put("", List.copyOf(core.getVersions()));
      }
      APIGroupList list = client.getApiGroups();
      List<APIGroup> served =
          list == null || list.getGroups() == null ? List.of() : list.getGroups();
      for (APIGroup group : served) {
        if (groups.contains(group.getName()) && group.getVersions() != null) {
          versions.put(
              group.getName(),
              group.getVersions().stream().map(GroupVersionForDiscovery::getVersion).toList());
        }
      }
      Map<String, Set<String>> resources = new HashMap<>();
      for (Map.Entry<String, List<String>> group : versions.entrySet()) {
        for (String version : group.getValue()) {
          String groupVersion = groupVersion(group.getKey(), version);
          resourcesOf(groupVersion).ifPresent(names -> resources.put(groupVersion, names));
        }
      }
      return new DiscoveredApis(versions, resources);
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("API discovery", e);
    }
  }

  @Override
  public Optional<Set<String>> resources(String group, String version) throws TargetException {
    try {
      return resourcesOf(groupVersion(group, version));
    } catch (KubernetesClientException e) {
      throw ApiErrors.classify("API discovery of " + groupVersion(group, version), e);
    }
  }

  private Optional<Set<String>> resourcesOf(String groupVersion) {
    APIResourceList list = client.getApiResources(groupVersion);
    if (list == null || list.getResources() == null) {
      return Optional.empty();
    }
    return Optional.of(
        list.getResources().stream().map(APIResource::getName).collect(Collectors.toSet()));
  }

  private static String groupVersion(String group, String version) {
    return group.isEmpty() ? version : group + "/" + version;
  }
}
