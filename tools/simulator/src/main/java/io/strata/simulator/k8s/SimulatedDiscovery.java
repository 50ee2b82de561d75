package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIGroupBuilder;
import io.fabric8.kubernetes.api.model.APIGroupListBuilder;
import io.fabric8.kubernetes.api.model.APIResourceBuilder;
import io.fabric8.kubernetes.api.model.APIResourceListBuilder;
import io.fabric8.kubernetes.api.model.APIVersionsBuilder;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscoveryBuilder;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.mockwebserver.http.MockResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * API discovery of the simulated cluster, answered as kube-apiserver does: GET /api, /apis,
 * /apis/&lt;group&gt;, /api/v1 and /apis/&lt;group&gt;/&lt;version&gt; list the built-in groups the
 * services use and the custom resources the simulator stores (DRA v1, Knative Serving v1, Kueue
 * v1beta2). A group or version not served is a 404 "the server could not find the requested
 * resource", and so is a request to a version of a served group that is not served: Kueue v1beta1,
 * no longer served since kubernetes-sigs/kueue#14558, is refused as a real cluster refuses it.
 */
final class SimulatedDiscovery {

  /** One resource of a group version ("" is the core group). */
  record Served(String group, String version, String kind, String plural, boolean namespaced) {}

  static final List<Served> BUILT_IN =
      List.of(
          new Served("", "v1", "Node", "nodes", false),
          new Served("", "v1", "Pod", "pods", true),
          new Served("", "v1", "Pod", "pods/status", true),
          new Served("", "v1", "Event", "events", true),
          new Served("", "v1", "Namespace", "namespaces", false),
          new Served("", "v1", "Service", "services", true),
          new Served("", "v1", "Endpoints", "endpoints", true),
          new Served("apps", "v1", "Deployment", "deployments", true),
          new Served("apps", "v1", "ReplicaSet", "replicasets", true),
          new Served("apps", "v1", "StatefulSet", "statefulsets", true),
          new Served("batch", "v1", "Job", "jobs", true),
          new Served("coordination.k8s.io", "v1", "Lease", "leases", true),
          new Served("discovery.k8s.io", "v1", "EndpointSlice", "endpointslices", true),
          new Served("events.k8s.io", "v1", "Event", "events", true));

  private static final String NOT_FOUND =
      "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
          + "\"message\":\"the server could not find the requested resource\","
          + "\"reason\":\"NotFound\",\"details\":{},\"code\":404}";

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private final List<Served> served;

  SimulatedDiscovery(List<CustomResourceDefinitionContext> crds) {
    this.served =
        Stream.concat(
                BUILT_IN.stream(),
                crds.stream()
                    .map(
                        c ->
                            new Served(
                                c.getGroup(),
                                c.getVersion(),
                                c.getKind(),
                                c.getPlural(),
                                c.isNamespaceScoped())))
            .toList();
  }

  /**
   * The answer to a discovery request, or a 404 for a request to an unserved version of a served
   * group; empty for anything the CRUD store answers.
   */
  Optional<MockResponse> answer(String method, String pathAndQuery) {
    int queryAt = pathAndQuery.indexOf('?');
    String path = queryAt < 0 ? pathAndQuery : pathAndQuery.substring(0, queryAt);
    List<String> s = Arrays.stream(path.split("/")).filter(p -> !p.isEmpty()).toList();
    if (s.isEmpty() || !(s.get(0).equals("api") || s.get(0).equals("apis"))) {
      return Optional.empty();
    }
    boolean core = s.get(0).equals("api");
    String group = core || s.size() < 2 ? "" : s.get(1);
    int versionAt = core ? 1 : 2;
    String version = s.size() > versionAt ? s.get(versionAt) : "";
    if (s.size() > versionAt + 1) {
      boolean groupServed = served.stream().anyMatch(r -> r.group().equals(group));
      return groupServed && versions(group).noneMatch(version::equals)
          ? Optional.of(respond(Optional.empty()))
          : Optional.empty();
    }
    return Optional.of(
        respond("GET".equals(method) ? document(core, group, version) : Optional.empty()));
  }

  private Optional<Object> document(boolean core, String group, String version) {
    if (version.isEmpty() && (core || group.isEmpty())) {
      return Optional.of(
          core
              ? new APIVersionsBuilder().withVersions(versions("").toList()).build()
              : new APIGroupListBuilder()
                  .withGroups(
                      served.stream()
                          .map(Served::group)
                          .filter(g -> !g.isEmpty())
                          .distinct()
                          .sorted()
                          .map(this::group)
                          .toList())
                  .build());
    }
    if (version.isEmpty()) {
      return versions(group).findAny().isEmpty() ? Optional.empty() : Optional.of(group(group));
    }
    List<Served> resources =
        served.stream()
            .filter(r -> r.group().equals(group) && r.version().equals(version))
            .toList();
    return resources.isEmpty()
        ? Optional.empty()
        : Optional.of(
            new APIResourceListBuilder()
                .withGroupVersion(group.isEmpty() ? version : group + "/" + version)
                .withResources(
                    resources.stream()
                        .map(
                            r ->
                                new APIResourceBuilder()
                                    .withName(r.plural())
                                    .withKind(r.kind())
                                    .withNamespaced(r.namespaced())
                                    .withSingularName("")
                                    .withVerbs("get", "list", "watch", "create", "patch")
                                    .build())
                        .toList())
                .build());
  }

  private APIGroup group(String group) {
    List<GroupVersionForDiscovery> versions =
        versions(group)
            .map(
                v ->
                    new GroupVersionForDiscoveryBuilder()
                        .withGroupVersion(group + "/" + v)
                        .withVersion(v)
                        .build())
            .toList();
    return new APIGroupBuilder()
        .withName(group)
        .withVersions(versions)
        .withPreferredVersion(versions.get(0))
        .build();
  }

  private Stream<String> versions(String group) {
    return served.stream().filter(r -> r.group().equals(group)).map(Served::version).distinct();
  }

  private static MockResponse respond(Optional<Object> document) {
    return new MockResponse()
        .setResponseCode(document.isPresent() ? 200 : 404)
        .setHeader("Content-Type", "application/json")
        .setBody(document.map(JSON::asJson).orElse(NOT_FOUND));
  }
}
