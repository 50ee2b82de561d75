package io.strata.deviceingest.xid;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.kafka.XidRecord;
import io.strata.deviceingest.kafka.XidRecord.SkipReason;
import io.strata.embeddedkafka.FuzzHeaders;
import io.strata.events.EventType;
import io.strata.events.device.XidEvent;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import io.strata.testsupport.FuzzRejections;
import io.strata.testsupport.JsonFuzz;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.Test;

/**
 * 10,000 generated records of strata.device.xids.v1 as device-ingest's XID recovery reads them back
 * (issue 16's fuzzing of every input topic; the remediator's IncidentRecordFuzzTest is the model):
 * genuine XID events, their JSON mutated byte by byte or value by value, random bytes, tombstones,
 * null, foreign or mismatched keys, missing, foreign or garbled CloudEvents headers. {@link
 * XidRecord#read} never throws, every skipped record carries a reason, every genuine event is taken
 * as exactly itself, and the history the taken records build holds, per GPU, exactly the last XID
 * and the XIDs a model of the taken records predicts.
 */
class XidRecordFuzzTest {

  private static final int RECORDS = 10_000;
  private static final String CLUSTER = "c1";
  private static final List<String> GPUS = List.of("GPU-A", "GPU-B", "GPU-C", "GPU-D");
  private static final int[] XIDS = {13, 31, 43, 48, 63, 74, 79, 94, 95};
  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  @Test
  void everyRecordIsTakenOrSkippedWithAReasonAndTheLastXidPerGpuIsRecovered() {
    Random random = new Random(16_0116L);
    XidHistory history = new XidHistory();
    Map<String, XidHistory.Recovered> model = new HashMap<>();
    FuzzRejections<SkipReason> skipped = new FuzzRejections<>(SkipReason.class);
    int genuine = 0;
    int takenMutations = 0;
    for (int i = 0; i < RECORDS; i++) {
      String cluster = random.nextInt(10) == 0 ? "c2" : CLUSTER;
      XidEvent event = event(cluster, GPUS.get(random.nextInt(GPUS.size())), random);
      String genuineKey = Keys.gpu(cluster, event.node(), event.gpuUuid());
      byte[] json = Topics.DEVICE_XIDS.valueSerde().serializer().serialize("t", event);
      int valueKind = random.nextInt(20);
      byte[] value =
          switch (valueKind) {
            case 0 -> null;
            case 1, 2, 3, 4, 5, 6 -> json;
            case 7, 8, 9, 10 -> JsonFuzz.mutateBytes(json, random);
            case 11, 12, 13, 14, 15 -> JsonFuzz.replaceAValue(json, random);
            default -> JsonFuzz.randomBytes(random);
          };
      int keyKind = random.nextInt(20);
      String key =
          switch (keyKind) {
            case 0 -> null;
            case 1 -> CLUSTER + "/gpu-node-9/" + event.gpuUuid();
            case 2 -> new String(JsonFuzz.randomBytes(random), StandardCharsets.UTF_8);
            default -> genuineKey;
          };
      int headerKind = random.nextInt(10);
      Headers headers =
          FuzzHeaders.of(
              headerKind,
              EventType.XID_EVENT,
              EventType.DEVICE_SAMPLE,
              "/strata/device-ingest",
              random);

      XidRecord read = XidRecord.read(CLUSTER, key, headers, value);

      String where =
          "record " + i + " key " + key + " headers " + headerKind + ": " + JsonFuzz.preview(value);
      boolean ours = key != null && key.startsWith(CLUSTER + "/");
      if (key == null) {
        assertThat(reason(read)).as(where).isEqualTo(SkipReason.NO_KEY);
      } else if (!ours) {
        assertThat(reason(read)).as(where).isEqualTo(SkipReason.OTHER_CLUSTER);
      } else if (value == null) {
        assertThat(reason(read)).as(where).isEqualTo(SkipReason.TOMBSTONE);
      } else if (headerKind == 0) {
        assertThat(reason(read)).as(where).isEqualTo(SkipReason.NOT_A_CLOUDEVENT);
      } else if (headerKind == 1) {
        assertThat(reason(read)).as(where).isEqualTo(SkipReason.UNEXPECTED_EVENT_TYPE);
      } else if (headerKind == 2) {
        assertThat(read).as(where).isInstanceOf(XidRecord.Skipped.class);
      } else if (value == json && !key.equals(genuineKey)) {
        assertThat(reason(read)).as(where).isEqualTo(SkipReason.KEY_MISMATCH);
      } else if (value == json) {
        assertThat(read).as(where).isEqualTo(new XidRecord.Taken(key, event));
        genuine++;
      }
      if (read instanceof XidRecord.Skipped s) {
        skipped.count(where, s.reason(), s.detail());
      } else if (read instanceof XidRecord.Taken taken) {
        assertThat(taken.key()).as(where).isEqualTo(key).startsWith(CLUSTER + "/");
        assertThat(taken.event().detectedAt()).as(where).isNotNull();
        if (value != json) {
          takenMutations++;
        }
        // What XidTopicFollower does with it, and what the history must then hold.
        history.record(taken.key(), taken.event());
        model.merge(
            taken.key(), recovered(taken.event()), XidRecordFuzzTest::laterWinsXidsAccumulate);
      }
    }
    for (Map.Entry<String, XidHistory.Recovered> gpu : model.entrySet()) {
      assertThat(history.lookup(gpu.getKey())).as(gpu.getKey()).contains(gpu.getValue());
    }
    assertThat(history.gpus()).isEqualTo(model.size());
    System.out.printf(
        "[fuzz] device-ingest XID read-back: %d inputs, %d genuine taken exactly, %d mutated but"
            + " valid taken, %d GPUs recovered, skipped %s%n",
        RECORDS, genuine, takenMutations, model.size(), skipped.counts());
    assertThat(genuine).isGreaterThan(1_500);
    assertThat(skipped.counts()).containsKeys(SkipReason.values());
  }

  /** The reason a record was skipped; null if it was taken. */
  private static SkipReason reason(XidRecord read) {
    return read instanceof XidRecord.Skipped s ? s.reason() : null;
  }

  /** A genuine event as XidRecoveryTest publishes it: a random XID at a random time of a day. */
  private static XidEvent event(String cluster, String gpu, Random random) {
    return XidRecoveryTest.published(
        cluster, gpu, XIDS[random.nextInt(XIDS.length)], T0.plusSeconds(random.nextInt(86_400)));
  }

  private static XidHistory.Recovered recovered(XidEvent event) {
    return new XidHistory.Recovered(event.xid(), event.detectedAt(), Set.of(event.xid()));
  }

  /** The model of XidHistory.record: the latest detection (a tie: the later record) is last. */
  private static XidHistory.Recovered laterWinsXidsAccumulate(
      XidHistory.Recovered old, XidHistory.Recovered now) {
    Set<Integer> xids = new HashSet<>(old.xids());
    xids.addAll(now.xids());
    XidHistory.Recovered last = now.lastAt().isBefore(old.lastAt()) ? old : now;
    return new XidHistory.Recovered(last.lastXid(), last.lastAt(), Set.copyOf(xids));
  }
}
