package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The informers of one kind: one per configured namespace, or a single all-namespaces (or
 * cluster-scoped) one, read as if they were one cache.
 */
final class ScopedInformers<T extends HasMetadata> {

  private final String resource;
  private final List<SharedIndexInformer<T>> informers;

  ScopedInformers(String resource, List<SharedIndexInformer<T>> informers) {
    this.resource = resource;
    this.informers = List.copyOf(informers);
  }

  String resource() {
    return resource;
  }

  ScopedInformers<T> index(String name, Function<T, List<String>> keys) {
    informers.forEach(i -> i.addIndexers(Map.of(name, keys)));
    return this;
  }

  ScopedInformers<T> handle(ResourceEventHandler<T> handler) {
    informers.forEach(i -> i.addEventHandler(handler));
    return this;
  }

  CompletionStage<Void> start() {
    return CompletableFuture.allOf(
        informers.stream()
            .map(i -> i.start().toCompletableFuture())
            .toArray(CompletableFuture[]::new));
  }

  Optional<T> get(String namespace, String name) {
    String key = namespace == null ? name : Cache.namespaceKeyFunc(namespace, name);
    return informers.stream()
        .map(i -> i.getStore().getByKey(key))
        .filter(o -> o != null)
        .findFirst();
  }

  List<T> byIndex(String index, String value) {
    return informers.stream().flatMap(i -> i.getIndexer().byIndex(index, value).stream()).toList();
  }

  List<T> list() {
    return informers.stream().flatMap(i -> i.getStore().list().stream()).toList();
  }

  boolean synced() {
    return informers.stream().allMatch(SharedIndexInformer::hasSynced);
  }

  void stop() {
    informers.forEach(SharedIndexInformer::stop);
  }
}
