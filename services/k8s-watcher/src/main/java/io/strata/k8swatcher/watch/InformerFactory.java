package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.strata.k8swatcher.config.WatcherConfig;
import io.strata.k8swatcher.dra.DraApiVersion;
import io.strata.k8swatcher.dra.DraV1Adapter;
import io.strata.k8swatcher.dra.DraV1beta1Adapter;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/** Builds (does not start) the informers, scoped to the configured namespaces. */
final class InformerFactory {

  private static final Logger LOG = Logger.getLogger(InformerFactory.class);

  private final KubernetesClient client;
  private final Optional<List<String>> namespaces;
  private final long resyncMillis;
  private final List<String> uuidAttributes;

  InformerFactory(KubernetesClient client, WatcherConfig config) {
    this.client = client;
    this.namespaces = config.namespaces().filter(list -> !list.isEmpty());
    this.resyncMillis = config.resync().toMillis();
    this.uuidAttributes = config.dra().uuidAttributes();
  }

  ClusterCaches build(DraApiVersion draVersion) {
    return new ClusterCaches(
        namespaced("pods", client.pods()),
        clusterScoped("nodes", client.nodes()),
        namespaced("events", client.v1().events()),
        namespaced("replicasets", client.apps().replicaSets()),
        namespaced("jobs", client.batch().v1().jobs()),
        dra(draVersion));
  }

  private DraWatch<?, ?> dra(DraApiVersion version) {
    return switch (version) {
      case V1 -> {
        DraV1Adapter adapter = new DraV1Adapter(uuidAttributes);
        yield new DraWatch<>(
            version,
            namespaced(
                "resourceclaims",
                client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class)),
            clusterScoped(
                "resourceslices",
                client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class)),
            adapter::claim,
            adapter::slice);
      }
      case V1BETA1 -> {
        DraV1beta1Adapter adapter = new DraV1beta1Adapter(uuidAttributes);
        yield new DraWatch<>(
            version,
            namespaced(
                "resourceclaims",
                client.resources(
                    io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaim.class)),
            clusterScoped(
                "resourceslices",
                client.resources(
                    io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceSlice.class)),
            adapter::claim,
            adapter::slice);
      }
      case NONE -> null;
    };
  }

  private <T extends HasMetadata> ScopedInformers<T> namespaced(
      String resource, MixedOperation<T, ?, ?> operation) {
    List<SharedIndexInformer<T>> informers =
        namespaces
            .map(
                list ->
                    list.stream().map(ns -> retrying(resource, operation.inNamespace(ns))).toList())
            .orElseGet(() -> List.of(retrying(resource, operation.inAnyNamespace())));
    return new ScopedInformers<>(resource, informers);
  }

  private <T extends HasMetadata> ScopedInformers<T> clusterScoped(
      String resource, Informable<T> operation) {
    return new ScopedInformers<>(resource, List.of(retrying(resource, operation)));
  }

  /**
   * An informer that keeps retrying its list and watch, so a watcher started before the API server
   * is reachable (or before RBAC is applied) catches up instead of staying empty.
   */
  private <T extends HasMetadata> SharedIndexInformer<T> retrying(
      String resource, Informable<T> operation) {
    return operation
        .runnableInformer(resyncMillis)
        .exceptionHandler(
            (started, error) -> {
              LOG.warnf("%s informer: %s; retrying", resource, error.toString());
              return true;
            });
  }
}
