package io.strata.kubetest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.Test;

/** The mock API server answers discovery as a real one does, and refuses what it does not serve. */
class ApiDiscoveryTest {

  private static ServedApis kueueV1beta2() {
    return ServedApis.kubernetes()
        .serve("kueue.x-k8s.io", "v1beta2", "LocalQueue", "localqueues", true);
  }

  @Test
  void discoveryListsTheGroupsVersionsAndResourcesServed() {
    ServedApis served = kueueV1beta2();
    KubernetesMockServer server = CrudApiServer.start(served);
    try (KubernetesClient client = server.createClient()) {
      assertThat(client.getAPIVersions().getVersions()).containsExactly("v1");
      assertThat(client.getApiGroups().getGroups())
          .extracting(APIGroup::getName)
          .containsExactly(
              "apps",
              "batch",
              "coordination.k8s.io",
              "discovery.k8s.io",
              "events.k8s.io",
              "kueue.x-k8s.io");
      APIGroup kueue = client.getApiGroup("kueue.x-k8s.io");
      assertThat(kueue.getVersions())
          .extracting(GroupVersionForDiscovery::getGroupVersion)
          .containsExactly("kueue.x-k8s.io/v1beta2");
      assertThat(kueue.getPreferredVersion().getVersion()).isEqualTo("v1beta2");
      assertThat(client.getApiResources("kueue.x-k8s.io/v1beta2").getResources())
          .extracting(APIResource::getName, APIResource::getKind, APIResource::getNamespaced)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("localqueues", "LocalQueue", true));
      assertThat(client.getApiResources("v1").getResources())
          .extracting(APIResource::getName)
          .contains("nodes", "pods", "pods/status");
      // fabric8 reads the 404 of an unserved group version as "no such document".
      assertThat(client.getApiResources("kueue.x-k8s.io/v1beta1")).isNull();
      assertThat(client.getApiGroup("jobset.x-k8s.io")).isNull();
    } finally {
      server.destroy();
    }
  }

  @Test
  void aVersionNotServedIsA404AndServesOnceInstalled() {
    ServedApis served = kueueV1beta2();
    KubernetesMockServer server = CrudApiServer.start(served);
    try (KubernetesClient client = server.createClient()) {
      ResourceDefinitionContext v1beta1 = localQueues("v1beta1");
      assertThatThrownBy(() -> create(client, v1beta1))
          .isInstanceOfSatisfying(
              KubernetesClientException.class,
              e -> {
                assertThat(e.getCode()).isEqualTo(404);
                assertThat(e.getStatus().getMessage())
                    .isEqualTo("the server could not find the requested resource");
              });
      create(client, localQueues("v1beta2"));

      served.serve("kueue.x-k8s.io", "v1beta1", "LocalQueue", "localqueues", true);
      create(client, v1beta1);
      assertThat(client.getApiGroup("kueue.x-k8s.io").getVersions())
          .extracting(GroupVersionForDiscovery::getVersion)
          .containsExactly("v1beta2", "v1beta1");

      served.withdraw("kueue.x-k8s.io", "v1beta2").withdraw("kueue.x-k8s.io", "v1beta1");
      assertThat(client.getApiGroup("kueue.x-k8s.io")).isNull();
      assertThat(
              client
                  .genericKubernetesResources(localQueues("v1beta2"))
                  .inNamespace("ml")
                  .withName("team-a")
                  .get())
          .isNull();
    } finally {
      server.destroy();
    }
  }

  @Test
  void expectationsAnswerDiscoveryOnAServerWithoutTheServingDispatcher() {
    KubernetesMockServer server = new KubernetesMockServer(false);
    server.init();
    ServedApis served = kueueV1beta2();
    ApiDiscovery.expectOn(server, served);
    try (KubernetesClient client = server.createClient()) {
      assertThat(client.getApiResources("kueue.x-k8s.io/v1beta2").getResources()).hasSize(1);
      served.withdraw("kueue.x-k8s.io", "v1beta2");
      assertThat(client.getApiResources("kueue.x-k8s.io/v1beta2")).isNull();
      assertThat(client.getApiGroups().getGroups())
          .extracting(APIGroup::getName)
          .doesNotContain("kueue.x-k8s.io");
    } finally {
      server.destroy();
    }
  }

  @Test
  void pathsAreReadAsDiscoveryResourceOrOther() {
    assertThat(ApiPath.parse("/apis/kueue.x-k8s.io/v1beta2?timeout=32s"))
        .isEqualTo(
            new ApiPath(false, true, "kueue.x-k8s.io", "v1beta2", java.util.Optional.empty()));
    assertThat(ApiPath.parse("/api/v1/namespaces/ml/pods/p/status"))
        .isEqualTo(new ApiPath(true, false, "", "v1", java.util.Optional.of("pods")));
    assertThat(ApiPath.parse("/api/v1/namespaces/ml"))
        .isEqualTo(new ApiPath(true, false, "", "v1", java.util.Optional.of("namespaces")));
    assertThat(ApiPath.parse("/apis"))
        .isEqualTo(new ApiPath(false, true, "", "", java.util.Optional.empty()));
    assertThat(ApiPath.parse("/version").discovery()).isFalse();
    assertThat(ApiPath.parse("/version").resource()).isEmpty();
  }

  private static ResourceDefinitionContext localQueues(String version) {
    return new ResourceDefinitionContext.Builder()
        .withGroup("kueue.x-k8s.io")
        .withVersion(version)
        .withKind("LocalQueue")
        .withPlural("localqueues")
        .withNamespaced(true)
        .build();
  }

  private static void create(KubernetesClient client, ResourceDefinitionContext context) {
    GenericKubernetesResource queue =
        client
            .getKubernetesSerialization()
            .unmarshal(
                "{\"apiVersion\":\"kueue.x-k8s.io/"
                    + context.getVersion()
                    + "\",\"kind\":\"LocalQueue\",\"metadata\":{\"name\":\"team-"
                    + context.getVersion()
                    + "\",\"namespace\":\"ml\"}}",
                GenericKubernetesResource.class);
    client.genericKubernetesResources(context).inNamespace("ml").resource(queue).create();
  }
}
