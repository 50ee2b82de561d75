package io.strata.console.core;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/** A map that forgets its least recently written entry past a capacity. Not thread-safe. */
final class Bounded<K, V> extends LinkedHashMap<K, V> {

  private static final long serialVersionUID = 1L;
  private final int capacity;
  private final transient BiConsumer<K, V> onEvict;

  Bounded(int capacity) {
    this(capacity, (key, value) -> {});
  }

  /** {@code onEvict} hears of every entry the bound drops, to forget what hangs off it. */
  Bounded(int capacity, BiConsumer<K, V> onEvict) {
    super(16, 0.75f, false);
    this.capacity = capacity;
    this.onEvict = onEvict;
  }

  /** Puts {@code value} as the newest entry, even when the key was known. */
  V write(K key, V value) {
    V old = remove(key);
    put(key, value);
    return old;
  }

  @Override
  protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
    if (size() > capacity) {
      onEvict.accept(eldest.getKey(), eldest.getValue());
      return true;
    }
    return false;
  }
}
