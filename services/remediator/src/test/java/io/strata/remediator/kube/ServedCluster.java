package io.strata.remediator.kube;

import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.strata.kubetest.ApiDiscovery;
import java.util.function.Consumer;

/**
 * The Quarkus test API server answering discovery as a cluster with every CRD the remediator uses
 * installed ({@link CustomKinds#served()}): {@code @WithKubernetesTestServer(setup = ...)}.
 */
public final class ServedCluster implements Consumer<KubernetesServer> {

  @Override
  public void accept(KubernetesServer server) {
    ApiDiscovery.expectOn(server.getKubernetesMockServer(), CustomKinds.served());
  }
}
