package io.strata.deviceingest.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.shard.LeaseMembership;
import io.strata.kubetest.CrudApiServer;
import io.strata.kubetest.KubeAccess;
import io.strata.kubetest.KubeAccess.Permission;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ClusterRole and Role in deploy/base/device-ingest/rbac.yaml grant exactly what discovery and
 * sharding ask the API server for: every request EndpointSliceDiscovery makes against the fabric8
 * mock server (all namespaces and one namespace, both default selectors) is granted, and every
 * granted permission is used.
 */
class KubeAccessRbacTest {

  private KubernetesMockServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    server = CrudApiServer.start();
    client = server.createClient();
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  @Test
  void discoveryUsesExactlyTheVerbsTheClusterRoleGrants() throws Exception {
    Set<Permission> used = new TreeSet<>();
    for (Optional<String> namespace :
        List.of(Optional.<String>empty(), Optional.of("gpu-operator"))) {
      try (EndpointSliceDiscovery discovery =
          new EndpointSliceDiscovery(
              client, discovery(namespace), new TargetRegistry(List.of(), url -> {}))) {
        await().atMost(Duration.ofSeconds(20)).until(discovery::synced);
        await()
            .atMost(Duration.ofSeconds(20))
            .untilAsserted(
                () -> {
                  used.addAll(KubeAccess.recorded(server));
                  assertThat(used).extracting(Permission::verb).contains("list", "watch");
                });
      }
    }

    // Sharding: a member joins, renews (its Lease exists by then: an update) and leaves.
    LeaseMembership membership =
        new LeaseMembership(
            client,
            "strata",
            "strata-device-ingest",
            "di-0",
            Duration.ofSeconds(15),
            Clock.systemUTC(),
            view -> {});
    membership.renew();
    membership.renew();
    membership.leave();
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () -> {
              used.addAll(KubeAccess.recorded(server));
              assertThat(used).extracting(Permission::resource).contains("leases");
            });

    Set<Permission> granted = KubeAccess.granted(client, KubeAccess.rbacOf("device-ingest"));
    assertThat(used)
        .as("requests discovery made, against " + KubeAccess.rbacOf("device-ingest"))
        .isEqualTo(granted)
        .containsExactlyInAnyOrder(
            new Permission("coordination.k8s.io", "leases", "create"),
            new Permission("coordination.k8s.io", "leases", "get"),
            new Permission("coordination.k8s.io", "leases", "update"),
            new Permission("coordination.k8s.io", "leases", "list"),
            new Permission("coordination.k8s.io", "leases", "delete"),
            new Permission("discovery.k8s.io", "endpointslices", "list"),
            new Permission("discovery.k8s.io", "endpointslices", "watch"));
  }

  /**
   * The discovery settings as a dynamic proxy: a class implementing the validated config interface
   * in the test sources would be picked up by Quarkus' bean discovery (its constraint annotations
   * read as interceptor bindings) and fail the build of every @QuarkusTest in this module.
   */
  private static DeviceIngestConfig.Discovery discovery(Optional<String> namespace) {
    return (DeviceIngestConfig.Discovery)
        Proxy.newProxyInstance(
            DeviceIngestConfig.class.getClassLoader(),
            new Class<?>[] {DeviceIngestConfig.Discovery.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "enabled" -> true;
                  case "labelSelectors" ->
                      List.of("app.kubernetes.io/name=dcgm-exporter", "app=nvidia-dcgm-exporter");
                  case "namespace" -> namespace;
                  case "portName" -> "gpu-metrics";
                  case "scheme" -> "http";
                  case "path" -> "/metrics";
                  case "resync" -> Duration.ofMinutes(10);
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
