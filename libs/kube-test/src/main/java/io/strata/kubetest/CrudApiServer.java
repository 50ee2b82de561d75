package io.strata.kubetest;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;

/** The fabric8 mock API server in CRUD mode, started, outside Quarkus (plain unit tests). */
public final class CrudApiServer {

  private CrudApiServer() {}

  /**
   * Started on a free port; it also serves the given custom resources, at any version (the CRUD
   * store checks none) and without API discovery. Destroy it after use.
   */
  public static KubernetesMockServer start(CustomResourceDefinitionContext... customResources) {
    KubernetesMockServer server =
        new KubernetesMockServer(
            new Context(),
            new MockWebServer(),
            new HashMap<>(),
            new KubernetesCrudDispatcher(List.of(customResources)),
            false);
    server.init();
    return server;
  }

  /**
   * Started on a free port, answering API discovery from {@code served} like a real API server and
   * refusing (404) any request to a group, version or resource {@code served} does not list, which
   * a test may change while it runs. Expectations set on the server are answered before the store.
   */
  public static KubernetesMockServer start(
      ServedApis served, CustomResourceDefinitionContext... customResources) {
    Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
    KubernetesMockServer server =
        new KubernetesMockServer(
            new Context(),
            new MockWebServer(),
            responses,
            new ServingDispatcher(responses, List.of(customResources), served),
            false);
    server.init();
    return server;
  }
}
