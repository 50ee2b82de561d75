package io.strata.deviceingest.shard;

import java.nio.charset.StandardCharsets;
import java.util.Collection;

/**
 * Rendezvous (highest random weight) hashing: an item belongs to the member whose hash of (member,
 * item) is highest. Adding a member moves only the items it now wins; removing one moves only the
 * items it held; every member computes the same owner from the same member set, without talking to
 * the others. (Thaler and Ravishankar, "Using name-based mappings to increase hit rates", 1998.)
 */
public final class RendezvousHash {

  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private RendezvousHash() {}

  /** The owner of {@code item} among {@code members}; null when there are none. */
  public static String owner(String item, Collection<String> members) {
    String best = null;
    long bestWeight = 0;
    for (String member : members) {
      long weight = weight(member, item);
      // Ties (astronomically rare) go to the smaller name, so every member agrees.
      if (best == null
          || Long.compareUnsigned(weight, bestWeight) > 0
          || (weight == bestWeight && member.compareTo(best) < 0)) {
        best = member;
        bestWeight = weight;
      }
    }
    return best;
  }

  /** FNV-1a over member, a separator and item, then the SplitMix64 finaliser to spread the bits. */
  static long weight(String member, String item) {
    long hash = FNV_OFFSET;
    hash = fnv(hash, member.getBytes(StandardCharsets.UTF_8));
    hash = (hash ^ 0) * FNV_PRIME;
    hash = fnv(hash, item.getBytes(StandardCharsets.UTF_8));
    hash = (hash ^ (hash >>> 30)) * 0xbf58476d1ce4e5b9L;
    hash = (hash ^ (hash >>> 27)) * 0x94d049bb133111ebL;
    return hash ^ (hash >>> 31);
  }

  private static long fnv(long hash, byte[] bytes) {
    for (byte b : bytes) {
      hash = (hash ^ (b & 0xff)) * FNV_PRIME;
    }
    return hash;
  }
}
