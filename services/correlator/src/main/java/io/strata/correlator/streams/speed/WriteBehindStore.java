package io.strata.correlator.streams.speed;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.internals.CacheFlushListener;
import org.apache.kafka.streams.state.internals.CachedStateStore;

/**
 * A key-value store that keeps decoded values and writes a key's latest value to the store below
 * (and so to its changelog) once per commit, however often the key changed in between: a GPU's
 * entry written by every sample, an open trace by every span, are encoded once per commit instead
 * of once per record. Kafka Streams' own record cache holds bytes, so every get decodes and every
 * put encodes; this layer replaces it (the store below is built without one) and saves both. A scan
 * writes the pending values down first, so a key changed again after a scan in the same commit is
 * written twice (scans here are rare: the silent-GPU sweep, a task's start).
 *
 * <p>Exactly-once holds because the pending writes reach the store below when Kafka Streams flushes
 * its caches, which it does before every commit (StreamTask#prepareCommit flushes the state
 * manager's caches, i.e. {@link CachedStateStore#flushCache} of each registered store, then the
 * record collector, then commits the transaction): a commit never covers an input record whose
 * effect is still only here. {@link #clearCache} (a task revived after an aborted transaction) and
 * {@link #init} drop everything held here, so the store below is the truth again. Scans first write
 * the pending values down, so they see every write.
 *
 * <p>With a {@link RefreshPolicy} a change that is only a refresh of an entry that exists below (a
 * GPU's newest readings) is deferred: kept here, read back by {@link #get}, and written down with
 * the key's next other change, with a scan, or once {@code maxDeferral} has passed since deferred
 * values were last written down. Such a value is not in the changelog when the commit that covers
 * its input completes: after a failover or restore the entry is up to {@code maxDeferral} older
 * than the offsets say, which the policy's owner accepts for that data (ADR 042); a clean shutdown
 * drops them too (they are written at a commit or a scan, never at a close).
 *
 * <p>Uses Kafka Streams' {@code CachedStateStore} hook (an internals interface, stable since 2.x);
 * WriteBehindStoreTopologyTest checks the changelog it produces.
 */
public final class WriteBehindStore<V>
    implements KeyValueStore<String, V>, CachedStateStore<String, V> {

  /** A value written here and not yet below; {@code value == null} is a delete. */
  private record Pending<V>(V value, boolean existsBelow) {}

  private final KeyValueStore<String, V> below;
  private final Map<String, Pending<V>> pending = new HashMap<>();
  private final LinkedHashMap<String, V> clean;
  // Keys a get found nowhere since the last write-down: a new trace's first span reads, then
  // writes, and the write need not ask the store below again whether the key exists.
  private final Set<String> absent = new HashSet<>();
  // Refreshes of entries below, not yet written: see RefreshPolicy.
  private final Map<String, V> deferred = new HashMap<>();
  private final RefreshPolicy<V> refresh;
  private long deferredWrittenNanos;

  WriteBehindStore(KeyValueStore<String, V> below, int maxCleanEntries, RefreshPolicy<V> refresh) {
    this.below = below;
    this.refresh = refresh;
    this.deferredWrittenNanos = refresh.nanoClock().getAsLong();
    this.clean =
        new LinkedHashMap<>(1024, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
            return size() > maxCleanEntries;
          }
        };
  }

  @Override
  public V get(String key) {
    Pending<V> written = pending.get(key);
    if (written != null) {
      return written.value();
    }
    V value = deferred.isEmpty() ? null : deferred.get(key);
    if (value != null) {
      return value;
    }
    value = clean.get(key);
    if (value == null) {
      value = below.get(key);
      if (value != null) {
        clean.put(key, value);
      } else {
        absent.add(key);
      }
    }
    return value;
  }

  @Override
  public void put(String key, V value) {
    if (value == null) {
      delete(key);
      return;
    }
    if (refresh.defers() && !pending.containsKey(key)) {
      V current = deferred.containsKey(key) ? deferred.get(key) : clean.get(key);
      if (current != null && refresh.refreshOnly().test(current, value)) {
        deferred.put(key, value); // below holds the key: clean entries are written ones
        return;
      }
    }
    deferred.remove(key);
    pending.put(key, new Pending<>(value, existsBelow(key)));
    absent.remove(key);
  }

  @Override
  public V putIfAbsent(String key, V value) {
    V current = get(key);
    if (current == null) {
      put(key, value);
    }
    return current;
  }

  @Override
  public void putAll(List<KeyValue<String, V>> entries) {
    entries.forEach(entry -> put(entry.key, entry.value));
  }

  @Override
  public V delete(String key) {
    V current = get(key);
    boolean below = existsBelow(key);
    deferred.remove(key);
    clean.remove(key);
    if (below) {
      pending.put(key, new Pending<>(null, true));
    } else {
      pending.remove(key); // created and deleted within one commit: nothing to write at all
    }
    return current;
  }

  /** Whether the store below holds the key (so a delete must reach it). */
  private boolean existsBelow(String key) {
    Pending<V> written = pending.get(key);
    if (written != null) {
      return written.existsBelow();
    }
    if (absent.contains(key)) {
      return false;
    }
    return clean.containsKey(key) || below.get(key) != null;
  }

  /** Writes pending and deferred values down: a scan reads the store below. */
  private void writeDownAll() {
    takeDeferred();
    writeDown();
  }

  /** Makes the deferred values pending, so the next write-down writes them. */
  private void takeDeferred() {
    deferredWrittenNanos = refresh.nanoClock().getAsLong();
    if (deferred.isEmpty()) {
      return;
    }
    for (Map.Entry<String, V> entry : deferred.entrySet()) {
      pending.put(entry.getKey(), new Pending<>(entry.getValue(), true));
    }
    deferred.clear();
  }

  /** Writes the pending values to the store below (its record cache, then its changelog). */
  private void writeDown() {
    absent.clear();
    if (pending.isEmpty()) {
      return;
    }
    for (Map.Entry<String, Pending<V>> entry : pending.entrySet()) {
      V value = entry.getValue().value();
      if (value == null) {
        below.delete(entry.getKey());
      } else {
        below.put(entry.getKey(), value);
        clean.put(entry.getKey(), value);
      }
    }
    pending.clear();
  }

  @Override
  public void flushCache() {
    if (refresh.nanoClock().getAsLong() - deferredWrittenNanos >= refresh.maxDeferral().toNanos()) {
      takeDeferred();
    }
    writeDown();
    if (below instanceof CachedStateStore<?, ?> cached) {
      cached.flushCache();
    }
  }

  @Override
  public void clearCache() {
    pending.clear();
    deferred.clear();
    clean.clear();
    absent.clear();
    if (below instanceof CachedStateStore<?, ?> cached) {
      cached.clearCache();
    }
  }

  @Override
  public boolean setFlushListener(CacheFlushListener<String, V> listener, boolean sendOldValues) {
    return false; // nothing downstream listens to these stores' flushes
  }

  @Override
  public KeyValueIterator<String, V> range(String from, String to) {
    writeDownAll();
    return below.range(from, to);
  }

  @Override
  public KeyValueIterator<String, V> all() {
    writeDownAll();
    return below.all();
  }

  @Override
  public <PS extends Serializer<P>, P> KeyValueIterator<String, V> prefixScan(
      P prefix, PS prefixKeySerializer) {
    writeDownAll();
    return below.prefixScan(prefix, prefixKeySerializer);
  }

  @Override
  public long approximateNumEntries() {
    return below.approximateNumEntries() + pending.size();
  }

  @Override
  public String name() {
    return below.name();
  }

  @Override
  public void init(StateStoreContext context, StateStore root) {
    pending.clear();
    deferred.clear();
    clean.clear();
    absent.clear();
    below.init(context, root);
  }

  @Override
  public void flush() {
    // Not the deferred values: Kafka Streams may flush after a commit (a checkpoint), where a
    // write would reach the changelog outside the transaction that covers its input.
    writeDown();
    below.flush();
  }

  @Override
  public void close() {
    pending.clear();
    deferred.clear();
    clean.clear();
    absent.clear();
    below.close();
  }

  @Override
  public boolean persistent() {
    return below.persistent();
  }

  @Override
  public boolean isOpen() {
    return below.isOpen();
  }

  @Override
  public <R> QueryResult<R> query(Query<R> query, PositionBound bound, QueryConfig config) {
    return below.query(query, bound, config);
  }

  @Override
  public Position getPosition() {
    return below.getPosition();
  }
}
