package io.strata.simulator.k8s;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.strata.kubetest.ApiDiscovery;
import io.strata.kubetest.ServedApis;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;

/**
 * fabric8's CRUD dispatcher behind the cluster's API discovery (kube-test's {@link ApiDiscovery}),
 * with the marked PATCHes written to a {@link PatchLog} and, when armed, the next one held. The
 * mock server dispatches on its Vert.x event loop, so a hold never blocks: it uses the response's
 * body delay (a Vert.x timer in the mock server), and a hold before apply answers 503 without
 * touching storage.
 */
final class RecordingDispatcher extends KubernetesMixedDispatcher {

  private final PatchLog log;
  private final ServedApis served;

  RecordingDispatcher(
      Map<ServerRequest, Queue<ServerResponse>> responses,
      List<CustomResourceDefinitionContext> crds,
      PatchLog log) {
    super(responses, crds);
    this.log = log;
    this.served =
        ServedApis.kubernetes()
            .serve("", "v1", "Service", "services", true)
            .serve("", "v1", "Endpoints", "endpoints", true);
    crds.forEach(served::serve);
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    Optional<MockResponse> discovered =
        ApiDiscovery.answer(served, request.getMethod(), request.getPath());
    if (discovered.isPresent()) {
      return discovered.get();
    }
    if (!"PATCH".equalsIgnoreCase(request.getMethod())) {
      return super.dispatch(request);
    }
    // Reading the body consumes its buffer: the CRUD dispatcher gets a copy.
    String body = request.getUtf8Body();
    RecordedRequest copy =
        new RecordedRequest(
            request.getHttpVersion(),
            request.method(),
            request.getPath(),
            request.getHeaders(),
            new Buffer(body.getBytes(StandardCharsets.UTF_8)));
    Optional<String> actionId = PatchLog.markerOf(body);
    if (actionId.isEmpty()) {
      return super.dispatch(copy);
    }
    PatchLog.Verdict verdict = log.take();
    if (verdict.hold() == PatchHold.BEFORE_APPLY) {
      MarkedPatch held = log.record(request.getPath(), actionId.get(), false, 503);
      verdict.held().complete(held);
      return new MockResponse()
          .setResponseCode(503)
          .setHeader("Content-Type", "application/json")
          .setBody(
              "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                  + "\"reason\":\"ServiceUnavailable\",\"code\":503,"
                  + "\"message\":\"held by the simulator's fault injection\"}")
          .setBodyDelay(verdict.duration());
    }
    MockResponse response = super.dispatch(copy);
    boolean applied = response.code() >= 200 && response.code() < 300;
    MarkedPatch patch = log.record(request.getPath(), actionId.get(), applied, response.code());
    if (verdict.hold() == PatchHold.AFTER_APPLY) {
      verdict.held().complete(patch);
      response.setBodyDelay(verdict.duration());
    }
    return response;
  }
}
