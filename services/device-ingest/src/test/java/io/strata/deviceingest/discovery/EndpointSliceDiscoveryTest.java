package io.strata.deviceingest.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.deviceingest.scrape.ScrapeScheduler;
import io.strata.deviceingest.scrape.ScrapeTarget;
import io.strata.deviceingest.testing.FakeExporterResource;
import io.strata.embeddedkafka.StrataKafkaResource;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Discovery against the fabric8 mock API server in CRUD mode: slices in, targets out, and back. */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(FakeExporterResource.class)
@WithKubernetesTestServer(crud = true)
class EndpointSliceDiscoveryTest {

  @KubernetesTestServer KubernetesServer server;
  @Inject ScrapeScheduler scheduler;

  @Test
  void followsExporterEndpointSlicesOfBothDefaultSelectors() {
    KubernetesClient client = server.getClient();
    EndpointSlice helm =
        slice(
            "dcgm-exporter-abcde",
            "app.kubernetes.io/name",
            "dcgm-exporter",
            "10.1.0.5",
            "gpu-node-1");
    EndpointSlice operator =
        slice("nvidia-dcgm-exporter-xyz", "app", "nvidia-dcgm-exporter", "10.1.0.6", "gpu-node-2");
    EndpointSlice unrelated = slice("web-123", "app", "web", "10.1.0.9", "cpu-node");
    client.resource(helm).create();
    client.resource(operator).create();
    client.resource(unrelated).create();

    ScrapeTarget helmTarget = new ScrapeTarget("http://10.1.0.5:9400/metrics", "gpu-node-1");
    ScrapeTarget operatorTarget = new ScrapeTarget("http://10.1.0.6:9400/metrics", "gpu-node-2");
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () ->
                assertThat(scheduler.targets().targets())
                    .contains(helmTarget, operatorTarget)
                    .extracting(ScrapeTarget::url)
                    .doesNotContain("http://10.1.0.9:9400/metrics"));

    client
        .resource(
            new EndpointSliceBuilder(helm)
                .editFirstEndpoint()
                .withAddresses("10.1.0.7")
                .endEndpoint()
                .build())
        .update();
    client.resource(operator).delete();

    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () ->
                assertThat(scheduler.targets().targets())
                    .extracting(ScrapeTarget::url)
                    .contains("http://10.1.0.7:9400/metrics")
                    .doesNotContain(helmTarget.url(), operatorTarget.url()));
    client.resource(helm).delete();
  }

  private static EndpointSlice slice(
      String name, String labelKey, String labelValue, String address, String node) {
    return new EndpointSliceBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("gpu-operator")
        .addToLabels(labelKey, labelValue)
        .addToLabels("kubernetes.io/service-name", name)
        .endMetadata()
        .withAddressType("IPv4")
        .addNewPort()
        .withName("gpu-metrics")
        .withPort(9400)
        .withProtocol("TCP")
        .endPort()
        .addNewEndpoint()
        .withAddresses(address)
        .withNodeName(node)
        .withNewConditions()
        .withReady(true)
        .endConditions()
        .endEndpoint()
        .build();
  }
}
