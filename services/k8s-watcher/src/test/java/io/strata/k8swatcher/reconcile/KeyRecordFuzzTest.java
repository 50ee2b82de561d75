package io.strata.k8swatcher.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.k8swatcher.reconcile.KeyRecord.RejectReason;
import io.strata.testsupport.FuzzRejections;
import io.strata.testsupport.JsonFuzz;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * 10,000 generated records of a compacted topic as k8s-watcher's stale-key reconcile reads them
 * (issue 16's fuzzing of every input topic; the remediator's IncidentRecordFuzzTest is the model):
 * the keys of real-looking pods, live or tombstoned, mixed with null, empty, huge, non-UTF-8,
 * randomly mutated and random keys. {@link KeyRecord#read} never throws, every rejection carries a
 * reason, every genuine key is read back as exactly itself, and {@link StaleKeys} over what {@link
 * LiveKeys} kept tombstones exactly the genuine keys a model predicts (latest record live, object
 * gone, in scope), plus only well-formed foreign keys that were on the topic.
 */
class KeyRecordFuzzTest {

  private static final int RECORDS = 10_000;
  private static final String CLUSTER = "c1";

  @Test
  void everyKeyIsLiveTombstonedOrRejectedWithAReasonAndTheStaleGenuineKeysAreExact() {
    Random random = new Random(16_0216L);
    List<String> genuineKeys = new ArrayList<>();
    for (String namespace : List.of("ml", "other")) {
      for (int i = 0; i < 40; i++) {
        genuineKeys.add(CLUSTER + "/" + namespace + "/trainer-" + i);
      }
    }
    genuineKeys.add("c2/ml/trainer-0");
    Set<String> existing = new HashSet<>();
    for (String key : genuineKeys) {
      if (random.nextBoolean()) {
        existing.add(key);
      }
    }
    LiveKeys live = new LiveKeys();
    Map<String, Boolean> modelLatestLive = new HashMap<>();
    Set<String> acceptedForeign = new HashSet<>();
    FuzzRejections<RejectReason> rejected = new FuzzRejections<>(RejectReason.class);
    int genuine = 0;
    for (int i = 0; i < RECORDS; i++) {
      String genuineKey = genuineKeys.get(random.nextInt(genuineKeys.size()));
      byte[] genuineBytes = genuineKey.getBytes(StandardCharsets.UTF_8);
      int keyKind = random.nextInt(20);
      byte[] key =
          switch (keyKind) {
            case 0 -> null;
            case 1 -> new byte[0];
            case 2 -> huge(genuineBytes, random);
            case 3, 4 -> notUtf8(genuineBytes, random);
            case 5, 6 -> JsonFuzz.mutateBytes(genuineBytes, random);
            case 7 -> JsonFuzz.randomBytes(random);
            default -> genuineBytes;
          };
      byte[] value = random.nextInt(4) == 0 ? null : JsonFuzz.randomBytes(random);

      KeyRecord read = live.take(key, value);

      String where = "record " + i + " key kind " + keyKind + ": " + JsonFuzz.preview(key);
      if (key == null) {
        assertThat(reason(read)).as(where).isEqualTo(RejectReason.NO_KEY);
      } else if (key.length == 0) {
        assertThat(reason(read)).as(where).isEqualTo(RejectReason.EMPTY_KEY);
      } else if (keyKind == 2) {
        assertThat(reason(read)).as(where).isEqualTo(RejectReason.TOO_LONG);
      } else if (keyKind == 3 || keyKind == 4) {
        assertThat(reason(read)).as(where).isEqualTo(RejectReason.NOT_UTF8);
      } else if (keyKind >= 8) {
        assertThat(read)
            .as(where)
            .isEqualTo(
                value == null
                    ? new KeyRecord.Tombstoned(genuineKey)
                    : new KeyRecord.Live(genuineKey));
        genuine++;
      }
      if (read instanceof KeyRecord.Rejected r) {
        rejected.count(where, r.reason(), r.detail());
      } else {
        String text =
            read instanceof KeyRecord.Live l ? l.key() : ((KeyRecord.Tombstoned) read).key();
        assertThat(text.getBytes(StandardCharsets.UTF_8)).as(where).isEqualTo(key);
        if (genuineKeys.contains(text)) {
          modelLatestLive.put(text, value != null);
        } else if (value != null) {
          acceptedForeign.add(text);
        }
      }
    }
    assertThat(live.rejected()).isEqualTo(rejected.counts());

    Set<String> stale =
        StaleKeys.of(live.keys(), existing, CLUSTER, true, Optional.of(List.of("ml")));
    Set<String> expectedGenuine = new TreeSet<>();
    modelLatestLive.forEach(
        (key, isLive) -> {
          if (isLive && !existing.contains(key) && key.startsWith(CLUSTER + "/ml/")) {
            expectedGenuine.add(key);
          }
        });
    Set<String> staleGenuine = new TreeSet<>(stale);
    staleGenuine.retainAll(genuineKeys);
    assertThat(staleGenuine).isEqualTo(expectedGenuine);
    Set<String> staleForeign = new TreeSet<>(stale);
    staleForeign.removeAll(genuineKeys);
    assertThat(acceptedForeign).containsAll(staleForeign);
    for (String key : staleForeign) {
      assertThat(key.split("/", -1)).as(key).hasSize(3).startsWith(CLUSTER, "ml");
    }
    System.out.printf(
        "[fuzz] k8s-watcher reconcile keys: %d inputs, %d genuine read exactly, %d stale genuine"
            + " keys tombstoned exactly, %d well-formed foreign keys tombstoned, %d other foreign"
            + " keys accepted, rejected %s%n",
        RECORDS,
        genuine,
        staleGenuine.size(),
        staleForeign.size(),
        acceptedForeign.size() - staleForeign.size(),
        rejected.counts());
    assertThat(genuine).isGreaterThan(5_000);
    assertThat(expectedGenuine).isNotEmpty();
    assertThat(rejected.counts()).containsKeys(RejectReason.values());
  }

  private static RejectReason reason(KeyRecord read) {
    return read instanceof KeyRecord.Rejected r ? r.reason() : null;
  }

  /** A genuine key padded past the limit, up to 64 KiB. */
  private static byte[] huge(byte[] genuine, Random random) {
    int length = KeyRecord.MAX_KEY_BYTES + 1 + random.nextInt(60_000);
    byte[] key = new byte[length];
    System.arraycopy(genuine, 0, key, 0, genuine.length);
    for (int i = genuine.length; i < length; i++) {
      key[i] = 'a';
    }
    return key;
  }

  /**
   * The genuine key with one byte that UTF-8 never allows (0xC0, 0xC1, 0xF5..0xFF), a lone
   * continuation byte, or a multi-byte sequence cut short at the end.
   */
  private static byte[] notUtf8(byte[] genuine, Random random) {
    byte[] key = genuine.clone();
    int at = random.nextInt(key.length);
    switch (random.nextInt(3)) {
      case 0 -> key[at] = (byte) (0xF5 + random.nextInt(11));
      case 1 -> key[at] = (byte) (0x80 + random.nextInt(0x40));
      default -> key[key.length - 1] = (byte) 0xE2;
    }
    return key;
  }
}
