package io.strata.simulator.model;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.UUID;

/** Deterministic names and identifiers, shaped like the real ones. */
public final class Names {

  /** PCI buses of the eight GPUs of a typical HGX H100 board. */
  private static final int[] HGX_BUSES = {0x18, 0x2A, 0x3A, 0x5D, 0x9A, 0xAB, 0xBA, 0xDB};

  private static final String SUFFIX_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

  private Names() {}

  public static String node(int index, int total) {
    int width = Math.max(3, String.valueOf(total - 1).length());
    return String.format(Locale.ROOT, "gpu-node-%0" + width + "d", index);
  }

  public static String gpuUuid(String cluster, String node, int index) {
    return "GPU-" + uuid(cluster + "/" + node + "/" + index);
  }

  public static String pciBusId(int index) {
    int bus = index < HGX_BUSES.length ? HGX_BUSES[index] : 0x10 + index * 3;
    return String.format(Locale.ROOT, "00000000:%02X:00.0", bus);
  }

  /** A stable Kubernetes-style uid for an object key. */
  public static String uid(String key) {
    return uuid("uid/" + key);
  }

  /** A pod-template-hash or pod name suffix like the ones controllers generate. */
  public static String suffix(String key, int length) {
    long hash = key.hashCode() * 0x9E3779B97F4A7C15L + length;
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append(SUFFIX_ALPHABET.charAt(Math.floorMod(hash, SUFFIX_ALPHABET.length())));
      hash = hash * 6364136223846793005L + 1442695040888963407L;
    }
    return out.toString();
  }

  private static String uuid(String key) {
    return UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)).toString();
  }
}
