package io.strata.kubetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
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
