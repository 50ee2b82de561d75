package io.strata.k8swatcher.support;

import io.fabric8.kubernetes.api.model.APIResourceListBuilder;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import java.util.function.Consumer;

/** An API server that serves DRA only as resource.k8s.io/v1beta1 (Kubernetes 1.32/1.33). */
public class V1beta1OnlyDiscovery implements Consumer<KubernetesServer> {

  @Override
  public void accept(KubernetesServer server) {
    server.expect().get().withPath("/apis/resource.k8s.io/v1").andReturn(404, "").always();
    server
        .expect()
        .get()
        .withPath("/apis/resource.k8s.io/v1beta1")
        .andReturn(
            200,
            new APIResourceListBuilder()
                .withGroupVersion("resource.k8s.io/v1beta1")
                .addNewResource()
                .withName("resourceclaims")
                .withKind("ResourceClaim")
                .withNamespaced(true)
                .endResource()
                .addNewResource()
                .withName("resourceslices")
                .withKind("ResourceSlice")
                .withNamespaced(false)
                .endResource()
                .build())
        .always();
  }
}
