package io.strata.k8swatcher.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.strata.k8swatcher.config.K8sWatcherConfig;
import io.strata.k8swatcher.dra.DraApiVersion;
import io.strata.kubetest.CrudApiServer;
import io.strata.kubetest.KubeAccess;
import io.strata.kubetest.KubeAccess.Permission;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ClusterRole in deploy/base/k8s-watcher/rbac.yaml grants exactly what the watcher's informers
 * ask the API server for: the informers InformerFactory builds (for both DRA versions, cluster-wide
 * and per namespace) are started against the fabric8 mock server, and the permissions of the
 * requests they make must equal the permissions the ClusterRole grants — read-only, nothing unused.
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
  void theInformersUseExactlyWhatTheClusterRoleGrants() throws Exception {
    Set<Permission> used = new TreeSet<>();
    List<Optional<List<String>>> scopes = List.of(Optional.empty(), Optional.of(List.of("ml")));
    for (Optional<List<String>> namespaces : scopes) {
      for (DraApiVersion version : List.of(DraApiVersion.V1, DraApiVersion.V1BETA1)) {
        ClusterCaches caches = new InformerFactory(client, config(namespaces)).build(version);
        try {
          caches.start().toCompletableFuture().get(30, TimeUnit.SECONDS);
          // After the initial lists, each informer opens its watch.
          await()
              .atMost(Duration.ofSeconds(20))
              .untilAsserted(
                  () -> {
                    used.addAll(KubeAccess.recorded(server));
                    assertThat(used).filteredOn(p -> p.verb().equals("watch")).hasSize(7);
                  });
        } finally {
          caches.stop();
        }
      }
    }

    Set<Permission> granted = KubeAccess.granted(client, KubeAccess.rbacOf("k8s-watcher"));
    assertThat(used)
        .as("requests the informers made, against " + KubeAccess.rbacOf("k8s-watcher"))
        .isEqualTo(granted);
    assertThat(granted).extracting(Permission::verb).containsOnly("list", "watch");
  }

  /** Only the settings InformerFactory reads; anything else is a test error. */
  private static K8sWatcherConfig config(Optional<List<String>> namespaces) {
    K8sWatcherConfig.Dra dra =
        (K8sWatcherConfig.Dra)
            Proxy.newProxyInstance(
                K8sWatcherConfig.class.getClassLoader(),
                new Class<?>[] {K8sWatcherConfig.Dra.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("uuidAttributes")) {
                    return List.of("uuid");
                  }
                  throw new UnsupportedOperationException(method.getName());
                });
    // The cache trimming keeps the pod labels the mapping reads: the defaults of
    // K8sWatcherConfig.Pods.
    K8sWatcherConfig.Pods pods =
        (K8sWatcherConfig.Pods)
            Proxy.newProxyInstance(
                K8sWatcherConfig.class.getClassLoader(),
                new Class<?>[] {K8sWatcherConfig.Pods.class},
                (proxy, method, args) ->
                    switch (method.getName()) {
                      case "modelVersionKeys" ->
                          List.of("model_version", "app.kubernetes.io/version");
                      case "queueKey" -> "kueue.x-k8s.io/queue-name";
                      case "namespacesOfInterest" -> Optional.empty();
                      default -> throw new UnsupportedOperationException(method.getName());
                    });
    return (K8sWatcherConfig)
        Proxy.newProxyInstance(
            K8sWatcherConfig.class.getClassLoader(),
            new Class<?>[] {K8sWatcherConfig.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "namespaces" -> namespaces;
                  case "resync" -> Duration.ofMinutes(10);
                  case "dra" -> dra;
                  // Trimmed caches, as deployed: the informers' requests do not depend on it.
                  case "cache" -> (K8sWatcherConfig.Cache) () -> true;
                  case "pods" -> pods;
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
