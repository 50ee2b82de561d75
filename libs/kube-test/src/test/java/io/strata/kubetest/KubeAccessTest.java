package io.strata.kubetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.strata.kubetest.KubeAccess.Permission;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KubeAccessTest {

  @Test
  void requestsMapToTheirRbacVerbs() {
    assertThat(KubeAccess.of("GET", "/apis/discovery.k8s.io/v1/endpointslices?labelSelector=a"))
        .contains(new Permission("discovery.k8s.io", "endpointslices", "list"));
    assertThat(
            KubeAccess.of(
                "GET", "/apis/discovery.k8s.io/v1/namespaces/x/endpointslices?watch=true&a=b"))
        .contains(new Permission("discovery.k8s.io", "endpointslices", "watch"));
    assertThat(KubeAccess.of("PATCH", "/api/v1/nodes/n1"))
        .contains(new Permission("", "nodes", "patch"));
    assertThat(KubeAccess.of("GET", "/api/v1/namespaces/ns/pods/p/log"))
        .contains(new Permission("", "pods/log", "get"));
    assertThat(KubeAccess.of("DELETE", "/api/v1/namespaces/ns/pods"))
        .contains(new Permission("", "pods", "deletecollection"));
    assertThat(KubeAccess.of("GET", "/apis/resource.k8s.io/v1")).isEmpty();
  }

  @Test
  void discoveryIsGrantedToEveryAccountAndNothingElseIs() {
    assertThat(KubeAccess.grantedToEveryAccount("GET", "/apis")).isTrue();
    assertThat(KubeAccess.grantedToEveryAccount("GET", "/apis/kueue.x-k8s.io/v1beta2")).isTrue();
    assertThat(KubeAccess.grantedToEveryAccount("GET", "/api/v1?timeout=32s")).isTrue();
    assertThat(KubeAccess.grantedToEveryAccount("GET", "/version")).isTrue();
    assertThat(KubeAccess.grantedToEveryAccount("POST", "/apis")).isFalse();
    assertThat(KubeAccess.grantedToEveryAccount("GET", "/metrics")).isFalse();
    assertThat(KubeAccess.grantedToEveryAccount("GET", "/")).isFalse();
  }

  @Test
  void recordedRequestsSplitIntoPermissionsAndDiscovery() throws Exception {
    KubernetesMockServer server = CrudApiServer.start(ServedApis.kubernetes());
    try (KubernetesClient client = server.createClient()) {
      client.getApiGroups();
      client.getApiResources("apps/v1");
      client.pods().inNamespace("ml").withName("p").get();
      KubeAccess.Recorded recorded = KubeAccess.recordedAccess(server);
      assertThat(recorded.permissions()).containsExactly(new Permission("", "pods", "get"));
      assertThat(recorded.discovery()).containsExactly("/apis", "/apis/apps/v1");

      client.raw(server.url("/metrics"));
      assertThatThrownBy(() -> KubeAccess.recorded(server))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("GET /metrics is a non-resource request");
    } finally {
      server.destroy();
    }
  }

  @Test
  void aNonResourceGrantInDeployRbacIsRefused(@TempDir Path dir) throws IOException {
    Path rbac = dir.resolve("rbac.yaml");
    Files.writeString(
        rbac,
        """
        apiVersion: rbac.authorization.k8s.io/v1
        kind: ClusterRole
        metadata:
          name: r
        rules:
          - nonResourceURLs: ["/apis", "/apis/*"]
            verbs: ["get"]
        """);
    try (KubernetesClient client = new KubernetesClientBuilder().build()) {
      assertThatThrownBy(() -> KubeAccess.granted(client, rbac))
          .hasMessageContaining("grants non-resource URLs");
    }
  }

  @Test
  void rulesExpandToOnePermissionPerGroupResourceAndVerb(@TempDir Path dir) throws IOException {
    Path rbac = dir.resolve("rbac.yaml");
    Files.writeString(
        rbac,
        """
        apiVersion: rbac.authorization.k8s.io/v1
        kind: ClusterRole
        metadata:
          name: r
        rules:
          - apiGroups: [""]
            resources: ["pods", "nodes"]
            verbs: ["get", "patch"]
        """);
    try (KubernetesClient client = new KubernetesClientBuilder().build()) {
      assertThat(KubeAccess.granted(client, rbac))
          .containsExactly(
              new Permission("", "nodes", "get"),
              new Permission("", "nodes", "patch"),
              new Permission("", "pods", "get"),
              new Permission("", "pods", "patch"));

      Files.writeString(
          rbac,
          """
          apiVersion: rbac.authorization.k8s.io/v1
          kind: ClusterRole
          metadata:
            name: r
          rules:
            - apiGroups: [""]
              resources: ["*"]
              verbs: ["get"]
          """);
      assertThatThrownBy(() -> KubeAccess.granted(client, rbac)).hasMessageContaining("wildcard");
    }
  }
}
