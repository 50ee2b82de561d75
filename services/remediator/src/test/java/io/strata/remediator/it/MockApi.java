package io.strata.remediator.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import java.util.concurrent.TimeUnit;

/** Objects and request counts on the fabric8 mock API server shared by the flow tests. */
final class MockApi {

  private MockApi() {}

  /** A batch Job, the kind whose PAUSE_NEW_BATCHES is spec.suspend; kept if it exists already. */
  static void job(KubernetesServer server, String namespace, String name) {
    try {
      server
          .getClient()
          .batch()
          .v1()
          .jobs()
          .inNamespace(namespace)
          .resource(
              new JobBuilder()
                  .withNewMetadata()
                  .withName(name)
                  .withNamespace(namespace)
                  .endMetadata()
                  .withNewSpec()
                  .withSuspend(false)
                  .endSpec()
                  .build())
          .create();
    } catch (KubernetesClientException e) {
      assertThat(e.getCode()).isEqualTo(409);
    }
  }

  /** Discards the requests recorded so far, so a count covers only the step under test. */
  static void drainRequests(KubernetesServer server) throws InterruptedException {
    while (server.getKubernetesMockServer().takeRequest(1, TimeUnit.MILLISECONDS) != null) {
      // discard what earlier steps sent
    }
  }

  /** The PATCH requests to {@code path} since the last drain (consumes the recorded requests). */
  static long patchesTo(KubernetesServer server, String path) throws InterruptedException {
    long count = 0;
    RecordedRequest request;
    while ((request = server.getKubernetesMockServer().takeRequest(1, TimeUnit.MILLISECONDS))
        != null) {
      if ("PATCH".equals(request.getMethod()) && request.getPath().startsWith(path)) {
        count++;
      }
    }
    return count;
  }
}
