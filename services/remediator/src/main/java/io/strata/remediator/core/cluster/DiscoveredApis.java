package io.strata.remediator.core.cluster;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What API discovery reported: each group's served versions (the server's order, preferred first)
 * and each served group version's resource names ({@code pods}, {@code pods/status}).
 *
 * @param versions by group ("" is the core group)
 * @param resources by group version ({@code v1}, {@code kueue.x-k8s.io/v1beta2})
 */
public record DiscoveredApis(
    Map<String, List<String>> versions, Map<String, Set<String>> resources) {

  public static final DiscoveredApis NOTHING = new DiscoveredApis(Map.of(), Map.of());

  public DiscoveredApis {
    Map<String, List<String>> v = new HashMap<>();
    versions.forEach((group, list) -> v.put(group, List.copyOf(list)));
    Map<String, Set<String>> r = new HashMap<>();
    resources.forEach((groupVersion, names) -> r.put(groupVersion, Set.copyOf(names)));
    versions = Map.copyOf(v);
    resources = Map.copyOf(r);
  }

  /** The versions that serve {@code r}'s resource, in the server's order. */
  public List<String> serving(ApiResource r) {
    return versions.getOrDefault(r.group(), List.of()).stream().filter(v -> serves(r, v)).toList();
  }

  public boolean serves(ApiResource r, String version) {
    return resources.getOrDefault(r.apiVersion(version), Set.of()).contains(r.plural());
  }

  /** This report with one group version as discovery reports it now (empty: no longer served). */
  public DiscoveredApis with(ApiResource r, String version, Optional<Set<String>> now) {
    Map<String, Set<String>> updated = new HashMap<>(resources);
    now.ifPresentOrElse(
        names -> updated.put(r.apiVersion(version), names),
        () -> updated.remove(r.apiVersion(version)));
    return new DiscoveredApis(versions, updated);
  }
}
