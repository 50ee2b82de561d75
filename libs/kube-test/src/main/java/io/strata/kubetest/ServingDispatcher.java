package io.strata.kubetest;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.List;
import java.util.Map;
import java.util.Queue;

/**
 * fabric8's CRUD store (and expectations) behind an API server's discovery: discovery is answered
 * from {@link ServedApis}, and a request to a group, version or resource not served is a 404, where
 * the CRUD store alone would accept any version.
 */
final class ServingDispatcher extends KubernetesMixedDispatcher {

  private final ServedApis apis;

  ServingDispatcher(
      Map<ServerRequest, Queue<ServerResponse>> responses,
      List<CustomResourceDefinitionContext> crds,
      ServedApis apis) {
    super(responses, crds);
    this.apis = apis;
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    return ApiDiscovery.answer(apis, request.getMethod(), request.getPath())
        .orElseGet(() -> super.dispatch(request));
  }
}
