package io.strata.kubetest;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIGroupBuilder;
import io.fabric8.kubernetes.api.model.APIGroupListBuilder;
import io.fabric8.kubernetes.api.model.APIResourceBuilder;
import io.fabric8.kubernetes.api.model.APIResourceListBuilder;
import io.fabric8.kubernetes.api.model.APIVersionsBuilder;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscoveryBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.utils.ResponseProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * API discovery answered from a {@link ServedApis} with the documents kube-apiserver returns: GET
 * /api (APIVersions), /apis (APIGroupList), /apis/&lt;group&gt; (APIGroup), /api/v1 and
 * /apis/&lt;group&gt;/&lt;version&gt; (APIResourceList). A group, version or resource not served is
 * a 404 Status "the server could not find the requested resource", as kube-apiserver's not-found
 * handler answers it, so a request to an unserved version never reaches the CRUD store.
 */
public final class ApiDiscovery {

  static final String NOT_FOUND =
      "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
          + "\"message\":\"the server could not find the requested resource\","
          + "\"reason\":\"NotFound\",\"details\":{},\"code\":404}";

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private ApiDiscovery() {}

  /**
   * The answer to a request: a discovery document, or a 404 for a resource request outside what is
   * served; empty when the request is one for the CRUD store.
   */
  public static Optional<MockResponse> answer(ServedApis apis, String method, String pathAndQuery) {
    ApiPath path = ApiPath.parse(pathAndQuery);
    if (path.discovery()) {
      return "GET".equals(method) ? Optional.of(respond(document(apis, path))) : notFound();
    }
    if (path.resource().isEmpty()) {
      return Optional.empty();
    }
    boolean served =
        apis.resources(path.group(), path.version()).orElse(List.of()).stream()
            .anyMatch(r -> r.plural().equals(path.resource().get()));
    return served ? Optional.empty() : notFound();
  }

  /**
   * Registers discovery answers on a mock server that answers expectations (the Quarkus test
   * server): every discovery path of the groups served now, each answered from {@code apis} as it
   * is when asked.
   */
  public static void expectOn(
      io.fabric8.kubernetes.client.server.mock.KubernetesMockServer server, ServedApis apis) {
    List<String> paths = new ArrayList<>(List.of("/api", "/apis"));
    for (String group : apis.groups()) {
      if (!group.isEmpty()) {
        paths.add("/apis/" + group);
      }
      for (String version : apis.versions(group)) {
        paths.add(group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version);
      }
    }
    for (String path : paths) {
      server.expect().get().withPath(path).andReply(new Live(apis, path)).always();
    }
  }

  private static Optional<MockResponse> notFound() {
    return Optional.of(respond(Optional.empty()));
  }

  private static MockResponse respond(Optional<Object> document) {
    return new MockResponse()
        .setResponseCode(document.isPresent() ? 200 : 404)
        .setHeader("Content-Type", "application/json")
        .setBody(document.map(JSON::asJson).orElse(NOT_FOUND));
  }

  /** The document at a discovery path; empty when that group or version is not served. */
  static Optional<Object> document(ServedApis apis, ApiPath path) {
    if (path.group().isEmpty() && path.version().isEmpty()) {
      return Optional.of(
          path.core()
              ? new APIVersionsBuilder().withVersions(apis.versions("")).build()
              : new APIGroupListBuilder()
                  .withGroups(
                      apis.groups().stream()
                          .filter(g -> !g.isEmpty())
                          .sorted()
                          .map(g -> group(apis, g))
                          .toList())
                  .build());
    }
    if (path.version().isEmpty()) {
      return apis.versions(path.group()).isEmpty()
          ? Optional.empty()
          : Optional.of(group(apis, path.group()));
    }
    String groupVersion =
        path.group().isEmpty() ? path.version() : path.group() + "/" + path.version();
    return apis.resources(path.group(), path.version())
        .map(
            resources ->
                new APIResourceListBuilder()
                    .withGroupVersion(groupVersion)
                    .withResources(
                        resources.stream()
                            .map(
                                r ->
                                    new APIResourceBuilder()
                                        .withName(r.plural())
                                        .withKind(r.kind())
                                        .withNamespaced(r.namespaced())
                                        .withSingularName("")
                                        .withVerbs("get", "list", "watch", "patch")
                                        .build())
                            .toList())
                    .build());
  }

  private static APIGroup group(ServedApis apis, String group) {
    List<String> versions = apis.versions(group);
    return new APIGroupBuilder()
        .withName(group)
        .withVersions(
            versions.stream()
                .map(
                    v ->
                        new GroupVersionForDiscoveryBuilder()
                            .withGroupVersion(group + "/" + v)
                            .withVersion(v)
                            .build())
                .toList())
        .withPreferredVersion(
            new GroupVersionForDiscoveryBuilder()
                .withGroupVersion(group + "/" + versions.get(0))
                .withVersion(versions.get(0))
                .build())
        .build();
  }

  /** A discovery expectation answered from the served APIs as they are when it is asked. */
  private static final class Live implements ResponseProvider<Object> {
    private final ServedApis apis;
    private final ApiPath path;
    private Headers headers = Headers.builder().add("Content-Type", "application/json").build();

    Live(ServedApis apis, String path) {
      this.apis = apis;
      this.path = ApiPath.parse(path);
    }

    @Override
    public Object getBody(RecordedRequest request) {
      return document(apis, path).map(d -> (Object) JSON.asJson(d)).orElse(NOT_FOUND);
    }

    @Override
    public int getStatusCode(RecordedRequest request) {
      return document(apis, path).isPresent() ? 200 : 404;
    }

    @Override
    public Headers getHeaders() {
      return headers;
    }

    @Override
    public void setHeaders(Headers headers) {
      this.headers = headers;
    }
  }
}
