package io.strata.deviceingest.discovery;

import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.strata.deviceingest.config.DeviceIngestConfig;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Follows the EndpointSlices of dcgm-exporter Services (discovery.k8s.io/v1) with one fabric8
 * informer per label selector. The callbacks only map a slice to targets and hand them to the
 * registry.
 */
public final class EndpointSliceDiscovery implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(EndpointSliceDiscovery.class);

  private final List<SharedIndexInformer<EndpointSlice>> informers = new ArrayList<>();

  public EndpointSliceDiscovery(
      KubernetesClient client, DeviceIngestConfig.Discovery config, TargetRegistry registry) {
    EndpointSliceTargets mapper =
        new EndpointSliceTargets(config.portName(), config.scheme(), config.path());
    for (String selector : config.labelSelectors()) {
      var slices = client.discovery().v1().endpointSlices();
      var scoped =
          config.namespace().isPresent()
              ? slices.inNamespace(config.namespace().get())
              : slices.inAnyNamespace();
      SharedIndexInformer<EndpointSlice> informer =
          scoped.withLabelSelector(selector).runnableInformer(config.resync().toMillis());
      informer.addEventHandler(new Handler(selector, mapper, registry));
      informer
          .start()
          .whenComplete(
              (ok, error) -> {
                if (error != null) {
                  LOG.warnf(
                      "EndpointSlice discovery for '%s' could not start: %s",
                      selector, error.getMessage());
                } else {
                  LOG.infof("EndpointSlice discovery for '%s' synced", selector);
                }
              });
      informers.add(informer);
    }
  }

  /** True when every informer finished its initial list. */
  public boolean synced() {
    return informers.stream().allMatch(SharedIndexInformer::hasSynced);
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
  }

  private record Handler(String selector, EndpointSliceTargets mapper, TargetRegistry registry)
      implements ResourceEventHandler<EndpointSlice> {

    @Override
    public void onAdd(EndpointSlice slice) {
      registry.replace(EndpointSliceTargets.sourceKey(selector, slice), mapper.targets(slice));
    }

    @Override
    public void onUpdate(EndpointSlice before, EndpointSlice slice) {
      onAdd(slice);
    }

    @Override
    public void onDelete(EndpointSlice slice, boolean finalStateUnknown) {
      registry.remove(EndpointSliceTargets.sourceKey(selector, slice));
    }
  }
}
