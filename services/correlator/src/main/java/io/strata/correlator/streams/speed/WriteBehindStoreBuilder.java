package io.strata.correlator.streams.speed;

import java.util.Map;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/** Builds a {@link WriteBehindStore} over the store another builder makes. */
public final class WriteBehindStoreBuilder<V> implements StoreBuilder<KeyValueStore<String, V>> {

  private final StoreBuilder<KeyValueStore<String, V>> below;
  private final int maxCleanEntries;
  private final RefreshPolicy<V> refresh;

  public WriteBehindStoreBuilder(
      StoreBuilder<KeyValueStore<String, V>> below, int maxCleanEntries, RefreshPolicy<V> refresh) {
    this.below = below;
    this.maxCleanEntries = maxCleanEntries;
    this.refresh = refresh;
  }

  @Override
  public KeyValueStore<String, V> build() {
    return new WriteBehindStore<>(below.build(), maxCleanEntries, refresh);
  }

  @Override
  public StoreBuilder<KeyValueStore<String, V>> withCachingEnabled() {
    below.withCachingEnabled();
    return this;
  }

  @Override
  public StoreBuilder<KeyValueStore<String, V>> withCachingDisabled() {
    below.withCachingDisabled();
    return this;
  }

  @Override
  public StoreBuilder<KeyValueStore<String, V>> withLoggingEnabled(Map<String, String> config) {
    below.withLoggingEnabled(config);
    return this;
  }

  @Override
  public StoreBuilder<KeyValueStore<String, V>> withLoggingDisabled() {
    below.withLoggingDisabled();
    return this;
  }

  @Override
  public Map<String, String> logConfig() {
    return below.logConfig();
  }

  @Override
  public boolean loggingEnabled() {
    return below.loggingEnabled();
  }

  @Override
  public String name() {
    return below.name();
  }
}
