package io.strata.remediator.it;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

/** GPU nodes on the mock API server, and whether Strata's quarantine taint is on one. */
final class TestNodes {

  private TestNodes() {}

  /** Creates schedulable nodes labelled as GPU nodes (the default gpu-node-selector). */
  static void gpu(KubernetesClient client, String... names) {
    for (String name : names) {
      client
          .nodes()
          .resource(
              new NodeBuilder()
                  .withNewMetadata()
                  .withName(name)
                  .addToLabels("nvidia.com/gpu.present", "true")
                  .endMetadata()
                  .withNewSpec()
                  .endSpec()
                  .build())
          .create();
    }
  }

  static boolean quarantined(KubernetesClient client, String name) {
    Node node = client.nodes().withName(name).get();
    return node.getSpec().getTaints() != null
        && node.getSpec().getTaints().stream()
            .anyMatch(t -> t.getKey().equals("strata.io/quarantine"));
  }
}
