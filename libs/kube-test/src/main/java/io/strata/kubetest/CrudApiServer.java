package io.strata.kubetest;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.util.HashMap;
import java.util.List;

/** The fabric8 mock API server in CRUD mode, started, outside Quarkus (plain unit tests). */
public final class CrudApiServer {

  private CrudApiServer() {}

  /** Started on a free port; it also serves the given custom resources. Destroy it after use. */
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
}
