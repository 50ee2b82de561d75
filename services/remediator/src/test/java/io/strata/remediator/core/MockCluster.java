package io.strata.remediator.core;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.strata.kubetest.CrudApiServer;
import io.strata.kubetest.ServedApis;
import io.strata.remediator.kube.CustomKinds;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The fabric8 mock API server in CRUD mode, without Quarkus, answering discovery and serving what
 * {@link #served} lists (by default every custom kind, {@link CustomKinds#served()}); a test may
 * change that while it runs.
 */
final class MockCluster implements AutoCloseable {

  static final CustomResourceDefinitionContext KNATIVE_SERVICES = CustomKinds.KNATIVE_SERVICES;
  static final CustomResourceDefinitionContext KNATIVE_REVISIONS = CustomKinds.KNATIVE_REVISIONS;

  /** The node label the pooled gateway reads a node's pool from. */
  static final String POOL_LABEL = "strata.io/pool";

  final ServedApis served;
  final KubernetesMockServer server;
  final NamespacedKubernetesClient client;

  MockCluster() {
    this(CustomKinds.served());
  }

  MockCluster(ServedApis served) {
    this.served = served;
    server = CrudApiServer.start(served, CustomKinds.ALL);
    client = server.createClient();
  }

  void gpuNode(String name, boolean unschedulable) {
    gpuNode(name, unschedulable, Map.of());
  }

  /** A schedulable GPU node in {@code pool} (labelled {@link #POOL_LABEL}). */
  void gpuNode(String name, String pool) {
    gpuNode(name, false, Map.of(POOL_LABEL, pool));
  }

  private void gpuNode(String name, boolean unschedulable, Map<String, String> labels) {
    client
        .nodes()
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("nvidia.com/gpu.present", "true")
                .addToLabels(labels)
                .endMetadata()
                .withNewSpec()
                .withUnschedulable(unschedulable ? Boolean.TRUE : null)
                .endSpec()
                .build())
        .create();
  }

  /** A pod that declares Strata's readiness gate, serving (the gate's condition True). */
  void pod(String namespace, String name, String node) {
    client
        .pods()
        .inNamespace(namespace)
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(namespace)
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .addNewReadinessGate("strata.io/serving")
                .endSpec()
                .withNewStatus()
                .addNewCondition()
                .withType("strata.io/serving")
                .withStatus("True")
                .endCondition()
                .endStatus()
                .build())
        .create();
  }

  /** Forgets the requests recorded so far. */
  void drainRequests() throws InterruptedException {
    while (server.takeRequest(1, TimeUnit.MILLISECONDS) != null) {
      // discard
    }
  }

  /** How many PATCH requests reached {@code path} since the last drain. */
  long patchesTo(String path) throws InterruptedException {
    long count = 0;
    RecordedRequest request;
    while ((request = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null) {
      if ("PATCH".equals(request.getMethod()) && request.getPath().startsWith(path)) {
        count++;
      }
    }
    return count;
  }

  @Override
  public void close() {
    client.close();
    server.destroy();
  }
}
