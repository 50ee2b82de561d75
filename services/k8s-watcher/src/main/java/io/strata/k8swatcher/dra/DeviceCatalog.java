package io.strata.k8swatcher.dra;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The devices ResourceSlices publish, indexed by driver/pool/device: where a claim's allocated
 * device gets its UUID and its taints. Updated from the slice informer; read from the claim side.
 */
public final class DeviceCatalog {

  /** driver/pool → slice name → slice (a pool may span several slices). */
  private final Map<String, Map<String, DraSlice>> pools = new ConcurrentHashMap<>();

  /** slice name → its pool key, so a delete or a pool change finds the old entry. */
  private final Map<String, String> poolOfSlice = new ConcurrentHashMap<>();

  public static String deviceId(String driver, String pool, String device) {
    return driver + "/" + pool + "/" + device;
  }

  /** Adds or replaces a slice; returns the pool keys whose devices changed. */
  public synchronized Set<String> put(DraSlice slice) {
    String poolKey = slice.driver() + "/" + slice.pool();
    String previousPool = poolOfSlice.put(slice.name(), poolKey);
    if (previousPool != null && !previousPool.equals(poolKey)) {
      removeFromPool(previousPool, slice.name());
      pools.computeIfAbsent(poolKey, k -> new ConcurrentHashMap<>()).put(slice.name(), slice);
      return Set.of(previousPool, poolKey);
    }
    pools.computeIfAbsent(poolKey, k -> new ConcurrentHashMap<>()).put(slice.name(), slice);
    return Set.of(poolKey);
  }

  /** Removes a slice; returns the pool key it belonged to, if known. */
  public synchronized Optional<String> remove(String sliceName) {
    String poolKey = poolOfSlice.remove(sliceName);
    if (poolKey != null) {
      removeFromPool(poolKey, sliceName);
    }
    return Optional.ofNullable(poolKey);
  }

  public Optional<DraSlice.Device> device(String driver, String pool, String device) {
    Map<String, DraSlice> slices = pools.get(driver + "/" + pool);
    if (slices == null) {
      return Optional.empty();
    }
    return slices.values().stream()
        .flatMap(s -> s.devices().stream())
        .filter(d -> d.name().equals(device))
        .findFirst();
  }

  private void removeFromPool(String poolKey, String sliceName) {
    Map<String, DraSlice> slices = pools.get(poolKey);
    if (slices != null) {
      slices.remove(sliceName);
      if (slices.isEmpty()) {
        pools.remove(poolKey);
      }
    }
  }
}
