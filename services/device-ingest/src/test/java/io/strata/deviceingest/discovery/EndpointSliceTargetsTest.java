package io.strata.deviceingest.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSliceBuilder;
import io.strata.deviceingest.scrape.ScrapeTarget;
import org.junit.jupiter.api.Test;

class EndpointSliceTargetsTest {

  private final EndpointSliceTargets mapper =
      new EndpointSliceTargets("gpu-metrics", "http", "/metrics");

  static EndpointSlice slice(String name, String portName, int port) {
    return new EndpointSliceBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("gpu-operator")
        .addToLabels("app", "nvidia-dcgm-exporter")
        .endMetadata()
        .withAddressType("IPv4")
        .addNewPort()
        .withName(portName)
        .withPort(port)
        .withProtocol("TCP")
        .endPort()
        .addNewEndpoint()
        .withAddresses("10.0.0.5")
        .withNodeName("gpu-node-1")
        .withNewConditions()
        .withReady(true)
        .endConditions()
        .endEndpoint()
        .addNewEndpoint()
        .withAddresses("10.0.0.6")
        .withNodeName("gpu-node-2")
        .endEndpoint()
        .addNewEndpoint()
        .withAddresses("10.0.0.7")
        .withNodeName("gpu-node-3")
        .withNewConditions()
        .withReady(false)
        .endConditions()
        .endEndpoint()
        .build();
  }

  @Test
  void mapsReadyEndpointsToMetricsUrlsWithTheirNodes() {
    assertThat(mapper.targets(slice("dcgm-abc", "gpu-metrics", 9400)))
        .containsExactly(
            new ScrapeTarget("http://10.0.0.5:9400/metrics", "gpu-node-1"),
            new ScrapeTarget("http://10.0.0.6:9400/metrics", "gpu-node-2"));
  }

  @Test
  void aSinglePortIsUsedWhateverItsName() {
    assertThat(mapper.targets(slice("dcgm-abc", "metrics", 9500)))
        .extracting(ScrapeTarget::url)
        .contains("http://10.0.0.5:9500/metrics");
  }

  @Test
  void ipv6AddressesAreBracketedAndSlicesWithoutTheNamedPortGiveNothing() {
    EndpointSlice v6 =
        new EndpointSliceBuilder(slice("v6", "gpu-metrics", 9400))
            .editFirstEndpoint()
            .withAddresses("fd00::5")
            .endEndpoint()
            .build();
    assertThat(mapper.targets(v6))
        .extracting(ScrapeTarget::url)
        .contains("http://[fd00::5]:9400/metrics");

    EndpointSlice twoPorts =
        new EndpointSliceBuilder(slice("two", "web", 80))
            .addNewPort()
            .withName("other")
            .withPort(81)
            .endPort()
            .build();
    assertThat(mapper.targets(twoPorts)).isEmpty();
  }

  @Test
  void sourceKeysSeparateSelectorsAndSlices() {
    assertThat(EndpointSliceTargets.sourceKey("app=x", slice("s1", "gpu-metrics", 1)))
        .isEqualTo("app=x|gpu-operator/s1");
  }
}
