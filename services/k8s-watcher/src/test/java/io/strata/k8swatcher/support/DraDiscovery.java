package io.strata.k8swatcher.support;

import io.fabric8.kubernetes.api.model.APIResourceListBuilder;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import java.util.function.Consumer;

/**
 * Makes the mock API server answer discovery like a Kubernetes 1.34 cluster: resource.k8s.io/v1
 * served with resourceclaims and resourceslices (the CRUD mock serves the objects themselves).
 */
public class DraDiscovery implements Consumer<KubernetesServer> {

  @Override
  public void accept(KubernetesServer server) {
    server
        .expect()
        .get()
        .withPath("/apis/resource.k8s.io/v1")
        .andReturn(
            200,
            new APIResourceListBuilder()
                .withGroupVersion("resource.k8s.io/v1")
                .addNewResource()
                .withName("resourceclaims")
                .withKind("ResourceClaim")
                .withNamespaced(true)
                .withVerbs("get", "list", "watch")
                .endResource()
                .addNewResource()
                .withName("resourceslices")
                .withKind("ResourceSlice")
                .withNamespaced(false)
                .withVerbs("get", "list", "watch")
                .endResource()
                .build())
        .always();
  }
}
