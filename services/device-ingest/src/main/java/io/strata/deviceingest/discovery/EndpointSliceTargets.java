package io.strata.deviceingest.discovery;

import io.fabric8.kubernetes.api.model.discovery.v1.Endpoint;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointPort;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.strata.deviceingest.scrape.ScrapeTarget;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Maps an EndpointSlice of a dcgm-exporter Service to the /metrics URLs it stands for. */
public final class EndpointSliceTargets {

  private final String portName;
  private final String scheme;
  private final String path;

  public EndpointSliceTargets(String portName, String scheme, String path) {
    this.portName = portName;
    this.scheme = scheme;
    this.path = path;
  }

  /** The targets of every ready endpoint address; empty when the slice has no usable port. */
  public Set<ScrapeTarget> targets(EndpointSlice slice) {
    Optional<Integer> port = port(slice.getPorts());
    Set<ScrapeTarget> targets = new LinkedHashSet<>();
    if (port.isEmpty() || slice.getEndpoints() == null) {
      return targets;
    }
    for (Endpoint endpoint : slice.getEndpoints()) {
      boolean notReady =
          endpoint.getConditions() != null
              && Boolean.FALSE.equals(endpoint.getConditions().getReady());
      if (notReady || endpoint.getAddresses() == null) {
        continue;
      }
      for (String address : endpoint.getAddresses()) {
        String host = address.contains(":") ? "[" + address + "]" : address;
        targets.add(
            new ScrapeTarget(
                scheme + "://" + host + ":" + port.get() + path, endpoint.getNodeName()));
      }
    }
    return targets;
  }

  /** The source key of a slice: one per selector and slice, so overlapping selectors are fine. */
  public static String sourceKey(String selector, EndpointSlice slice) {
    return selector
        + "|"
        + slice.getMetadata().getNamespace()
        + "/"
        + slice.getMetadata().getName();
  }

  private Optional<Integer> port(List<EndpointPort> ports) {
    if (ports == null || ports.isEmpty()) {
      return Optional.empty();
    }
    Optional<Integer> named =
        ports.stream()
            .filter(p -> portName.equals(p.getName()) && p.getPort() != null)
            .map(EndpointPort::getPort)
            .findFirst();
    if (named.isPresent() || ports.size() > 1) {
      return named;
    }
    return Optional.ofNullable(ports.get(0).getPort());
  }
}
