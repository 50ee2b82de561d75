package io.strata.k8swatcher.dra;

import java.util.Set;
import java.util.function.Function;

/**
 * Picks the resource.k8s.io version from API discovery: v1 when it serves both resourceclaims and
 * resourceslices, else v1beta1, else none. A pinned version is used only if it is served, so a
 * misconfiguration shows as "DRA not watched" with a log line rather than a crashing informer.
 */
public final class DraVersionSelector {

  private static final Set<String> NEEDED = Set.of("resourceclaims", "resourceslices");

  private DraVersionSelector() {}

  /**
   * @param servedResources the resource names served for a group version ("resource.k8s.io/v1"),
   *     empty when the version is not served
   */
  public static DraApiVersion select(DraMode mode, Function<String, Set<String>> servedResources) {
    return switch (mode) {
      case DISABLED -> DraApiVersion.NONE;
      case V1 -> servedOrNone(DraApiVersion.V1, servedResources);
      case V1BETA1 -> servedOrNone(DraApiVersion.V1BETA1, servedResources);
      case AUTO -> {
        DraApiVersion v1 = servedOrNone(DraApiVersion.V1, servedResources);
        yield v1 != DraApiVersion.NONE ? v1 : servedOrNone(DraApiVersion.V1BETA1, servedResources);
      }
    };
  }

  private static DraApiVersion servedOrNone(
      DraApiVersion version, Function<String, Set<String>> servedResources) {
    return servedResources.apply(version.groupVersion()).containsAll(NEEDED)
        ? version
        : DraApiVersion.NONE;
  }
}
