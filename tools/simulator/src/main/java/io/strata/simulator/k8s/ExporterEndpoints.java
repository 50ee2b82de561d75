package io.strata.simulator.k8s;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import java.net.URI;
import java.util.Map;

/**
 * Publishes the exporters the way the dcgm-exporter Helm chart does, so device-ingest can find them
 * by EndpointSlice discovery instead of one huge list of URLs: a Service {@code dcgm-exporter}
 * labelled {@code app.kubernetes.io/name=dcgm-exporter} with one port named {@code metrics}
 * (dcgm-exporter's Helm chart, as rendered), and the EndpointSlices its controller would write: the
 * Service's labels plus {@code kubernetes.io/service-name}, each endpoint ready with its {@code
 * nodeName}. Every simulated exporter listens on its own local port, which one slice of a real
 * Service cannot express (all endpoints of a slice share its ports), so there is one slice per
 * node. Only for per-node metrics mode: the shared mode's per-node paths have no EndpointSlice
 * form.
 */
public final class ExporterEndpoints {

  public static final String NAMESPACE = "gpu-operator";
  public static final String SERVICE = "dcgm-exporter";
  static final String NAME_LABEL = "app.kubernetes.io/name";
  static final String PORT_NAME = "metrics";

  private ExporterEndpoints() {}

  /** Writes the Service and one EndpointSlice per node → URL ({@code http://host:port/metrics}). */
  public static void publish(KubernetesClient client, Map<String, String> exporters) {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .createOr(NonDeletingOperation::update);
    client
        .services()
        .inNamespace(NAMESPACE)
        .resource(
            new ServiceBuilder()
                .withNewMetadata()
                .withName(SERVICE)
                .withNamespace(NAMESPACE)
                .addToLabels(NAME_LABEL, SERVICE)
                .endMetadata()
                .withNewSpec()
                .addToSelector(NAME_LABEL, SERVICE)
                .addNewPort()
                .withName(PORT_NAME)
                .withPort(9400)
                .endPort()
                .endSpec()
                .build())
        .create();
    exporters.forEach(
        (node, url) ->
            client
                .discovery()
                .v1()
                .endpointSlices()
                .inNamespace(NAMESPACE)
                .resource(slice(node, url))
                .create());
  }

  static EndpointSlice slice(String node, String url) {
    URI uri = URI.create(url);
    return new EndpointSliceBuilder()
        .withNewMetadata()
        .withName(SERVICE + "-" + node)
        .withNamespace(NAMESPACE)
        .addToLabels(NAME_LABEL, SERVICE)
        .addToLabels("kubernetes.io/service-name", SERVICE)
        .addToLabels("endpointslice.kubernetes.io/managed-by", "endpointslice-controller.k8s.io")
        .endMetadata()
        .withAddressType("IPv4")
        .addNewPort()
        .withName(PORT_NAME)
        .withPort(uri.getPort())
        .withProtocol("TCP")
        .endPort()
        .addNewEndpoint()
        .withAddresses(uri.getHost())
        .withNodeName(node)
        .withNewConditions()
        .withReady(true)
        .withServing(true)
        .withTerminating(false)
        .endConditions()
        .endEndpoint()
        .build();
  }
}
