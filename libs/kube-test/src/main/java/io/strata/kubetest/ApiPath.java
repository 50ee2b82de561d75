package io.strata.kubetest;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A request path in API terms: a discovery path ({@code /api}, {@code /api/v1}, {@code /apis},
 * {@code /apis/<group>}, {@code /apis/<group>/<version>}), a resource request under one of them
 * (with its resource, without subresource), or neither ({@code /version}, {@code /healthz}).
 */
record ApiPath(
    boolean core, boolean discovery, String group, String version, Optional<String> resource) {

  private static final ApiPath OTHER = new ApiPath(false, false, "", "", Optional.empty());

  static ApiPath parse(String pathAndQuery) {
    int queryAt = pathAndQuery.indexOf('?');
    String path = queryAt < 0 ? pathAndQuery : pathAndQuery.substring(0, queryAt);
    List<String> s = Arrays.stream(path.split("/")).filter(p -> !p.isEmpty()).toList();
    if (s.isEmpty() || !(s.get(0).equals("api") || s.get(0).equals("apis"))) {
      return OTHER;
    }
    boolean core = s.get(0).equals("api");
    int versionAt = core ? 1 : 2;
    String group = core || s.size() < 2 ? "" : s.get(1);
    String version = s.size() > versionAt ? s.get(versionAt) : "";
    List<String> rest = s.subList(Math.min(versionAt + 1, s.size()), s.size());
    if (rest.isEmpty()) {
      return new ApiPath(core, true, group, version, Optional.empty());
    }
    int resourceAt = rest.get(0).equals("namespaces") && rest.size() >= 3 ? 2 : 0;
    return new ApiPath(core, false, group, version, Optional.of(rest.get(resourceAt)));
  }
}
