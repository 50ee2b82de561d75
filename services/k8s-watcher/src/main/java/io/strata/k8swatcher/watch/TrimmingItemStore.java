package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.cache.BasicItemStore;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * An informer's item store that trims each object as it is stored. fabric8 7.5 has no informer
 * transform; its {@code SharedIndexInformer#itemStore} hook (set before start) is where the cached
 * copy is decided, and its CacheImpl indexes the object after storing it, so the indexes see the
 * trimmed object as well (fabric8 ItemStore/CacheImpl/ProcessorStore sources, 7.5).
 */
final class TrimmingItemStore<T extends HasMetadata> implements ItemStore<T> {

  private final BasicItemStore<T> items = new BasicItemStore<>(Cache::metaNamespaceKeyFunc);
  private final UnaryOperator<T> trim;

  TrimmingItemStore(UnaryOperator<T> trim) {
    this.trim = trim;
  }

  @Override
  public String getKey(T object) {
    return items.getKey(object);
  }

  @Override
  public T put(String key, T object) {
    return items.put(key, trim.apply(object));
  }

  @Override
  public T remove(String key) {
    return items.remove(key);
  }

  @Override
  public Stream<String> keySet() {
    return items.keySet();
  }

  @Override
  public Stream<T> values() {
    return items.values();
  }

  @Override
  public int size() {
    return items.size();
  }

  @Override
  public T get(String key) {
    return items.get(key);
  }
}
