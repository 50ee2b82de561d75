package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.strata.k8swatcher.config.K8sWatcherConfig;
import io.strata.k8swatcher.dra.DraApiVersion;
import io.strata.k8swatcher.dra.DraV1Adapter;
import io.strata.k8swatcher.dra.DraV1beta1Adapter;
import io.strata.k8swatcher.mapping.CachedFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jboss.logging.Logger;

/** Builds (does not start) the informers, scoped to the configured namespaces. */
final class InformerFactory {

  private static final Logger LOG = Logger.getLogger(InformerFactory.class);

  private final KubernetesClient client;
  private final Optional<List<String>> namespaces;
  private final long resyncMillis;
  private final List<String> uuidAttributes;
  private final boolean trim;
  private final CachedFields kept;

  InformerFactory(KubernetesClient client, K8sWatcherConfig config) {
    this.client = client;
    this.namespaces = config.namespaces().filter(list -> !list.isEmpty());
    this.resyncMillis = config.resync().toMillis();
    this.uuidAttributes = config.dra().uuidAttributes();
    this.trim = config.cache().trim();
    List<String> podAnnotations = new ArrayList<>(config.pods().modelVersionKeys());
    podAnnotations.add(config.pods().queueKey());
    this.kept = new CachedFields(podAnnotations);
  }

  ClusterCaches build(DraApiVersion draVersion) {
    return new ClusterCaches(
        namespaced("pods", client.pods(), kept::pod),
        clusterScoped("nodes", client.nodes(), kept::node),
        namespaced("events", client.v1().events(), kept::event),
        namespaced("replicasets", client.apps().replicaSets(), kept::replicaSet),
        namespaced("jobs", client.batch().v1().jobs(), kept::job),
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
                client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class),
                kept::claim),
            clusterScoped(
                "resourceslices",
                client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class),
                kept::metadataOnly),
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
                    io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceClaim.class),
                kept::claim),
            clusterScoped(
                "resourceslices",
                client.resources(
                    io.fabric8.kubernetes.api.model.resource.v1beta1.ResourceSlice.class),
                kept::metadataOnly),
            adapter::claim,
            adapter::slice);
      }
      case NONE -> null;
    };
  }

  private <T extends HasMetadata> ScopedInformers<T> namespaced(
      String resource, MixedOperation<T, ?, ?> operation, UnaryOperator<T> keep) {
    List<SharedIndexInformer<T>> informers =
        namespaces
            .map(
                list ->
                    list.stream()
                        .map(ns -> retrying(resource, operation.inNamespace(ns), keep))
                        .toList())
            .orElseGet(() -> List.of(retrying(resource, operation.inAnyNamespace(), keep)));
    return new ScopedInformers<>(resource, informers);
  }

  private <T extends HasMetadata> ScopedInformers<T> clusterScoped(
      String resource, Informable<T> operation, UnaryOperator<T> keep) {
    return new ScopedInformers<>(resource, List.of(retrying(resource, operation, keep)));
  }

  /**
   * An informer that keeps retrying its list and watch, so a watcher started before the API server
   * is reachable (or before RBAC is applied) catches up instead of staying empty. Its cache keeps
   * only what {@code keep} leaves of each object, unless trimming is switched off.
   */
  private <T extends HasMetadata> SharedIndexInformer<T> retrying(
      String resource, Informable<T> operation, UnaryOperator<T> keep) {
    SharedIndexInformer<T> informer = operation.runnableInformer(resyncMillis);
    if (trim) {
      informer.itemStore(new TrimmingItemStore<>(keep));
    }
    return informer.exceptionHandler(
        (started, error) -> {
          LOG.warnf("%s informer: %s; retrying", resource, error.toString());
          return true;
        });
  }
}
