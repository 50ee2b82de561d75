package io.strata.simulator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The exporters as the dcgm-exporter chart's Service and its EndpointSlices, in the mock API. */
class ExporterEndpointsTest {

  @Test
  void publishesTheChartsServiceAndOneReadySlicePerNode() throws Exception {
    try (MockKubernetesApi api = MockKubernetesApi.start("127.0.0.1", 0);
        KubernetesClient client = api.newClient()) {
      Map<String, String> exporters = new LinkedHashMap<>();
      for (int i = 0; i < 300; i++) {
        exporters.put("gpu-node-" + i, "http://127.0.0.1:" + (20000 + i) + "/metrics");
      }
      ExporterEndpoints.publish(client, exporters);

      var service = client.services().inNamespace("gpu-operator").withName("dcgm-exporter").get();
      assertThat(service.getMetadata().getLabels())
          .containsEntry("app.kubernetes.io/name", "dcgm-exporter");
      assertThat(service.getSpec().getPorts())
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.getName()).isEqualTo("metrics");
                assertThat(p.getPort()).isEqualTo(9400);
              });
      List<EndpointSlice> slices =
          client
              .discovery()
              .v1()
              .endpointSlices()
              .inAnyNamespace()
              .withLabel("app.kubernetes.io/name", "dcgm-exporter")
              .list()
              .getItems();
      assertThat(slices).hasSize(300);
      EndpointSlice slice =
          slices.stream()
              .filter(s -> s.getMetadata().getName().equals("dcgm-exporter-gpu-node-7"))
              .findFirst()
              .orElseThrow();
      assertThat(slice.getMetadata().getLabels())
          .containsEntry("kubernetes.io/service-name", "dcgm-exporter");
      assertThat(slice.getPorts())
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.getName()).isEqualTo("metrics");
                assertThat(p.getPort()).isEqualTo(20007);
              });
      assertThat(slice.getEndpoints())
          .singleElement()
          .satisfies(
              e -> {
                assertThat(e.getAddresses()).containsExactly("127.0.0.1");
                assertThat(e.getNodeName()).isEqualTo("gpu-node-7");
                assertThat(e.getConditions().getReady()).isTrue();
              });
    }
  }
}
