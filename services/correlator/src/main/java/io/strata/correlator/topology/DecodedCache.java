package io.strata.correlator.topology;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A write-through cache of decoded values in front of one store of one task: a read of a value this
 * task wrote or read recently costs no decoding (Kafka Streams' own cache holds bytes and decodes
 * on every get). Every write still goes to the store (and its changelog) at once, so the store
 * stays the truth; the cache is dropped when the processor is (re)initialised or closed, so a task
 * restored or revived after a failed transaction reads the store again. Bounded LRU.
 */
final class DecodedCache<V> {

  private final KeyValueStore<String, V> store;
  private final LinkedHashMap<String, V> recent;

  DecodedCache(KeyValueStore<String, V> store, int maxEntries) {
    this.store = store;
    this.recent =
        new LinkedHashMap<>(256, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
            return size() > maxEntries;
          }
        };
  }

  V get(String key) {
    V cached = recent.get(key);
    if (cached != null) {
      return cached;
    }
    V stored = store.get(key);
    if (stored != null) {
      recent.put(key, stored);
    }
    return stored;
  }

  void put(String key, V value) {
    store.put(key, value);
    recent.put(key, value);
  }

  void delete(String key) {
    store.delete(key);
    recent.remove(key);
  }

  void clear() {
    recent.clear();
  }
}
