package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.embeddedkafka.FuzzHeaders;
import io.strata.events.EventType;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.topic.Topics;
import io.strata.remediator.kafka.IncidentRecord;
import io.strata.testsupport.FuzzRejections;
import io.strata.testsupport.JsonFuzz;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.Test;

/**
 * 10,000 generated records of the remediator's one input topic, strata.incidents.v1 (issue 16's
 * fuzzing of every input topic; the correlator's seven are in its CorrelatorInputFuzzTest): genuine
 * incidents, their JSON mutated byte by byte or value by value, random bytes, tombstones, missing,
 * foreign or garbled CloudEvents headers. {@link IncidentRecord#read} never throws, every unusable
 * record carries the dead-letter reason and detail it is parked with, and every genuine incident is
 * read back as exactly itself (nothing valid lost). Here, not in the kafka package, for the core's
 * incident fixtures.
 */
class IncidentRecordFuzzTest {

  private static final int RECORDS = 10_000;
  private static final String TOPIC = Topics.INCIDENTS.name();

  @Test
  void everyRecordIsReadOrRejectedWithAReasonAndEveryGenuineIncidentIsKept() {
    List<Incident> seeds =
        List.of(
            Fixtures.deviceFault("inc-f1", 1, IncidentState.OPEN, List.of("gpu-node-1")),
            Fixtures.deviceFault("inc-f2", 4, IncidentState.MITIGATING, List.of("n-1", "n-2")),
            Fixtures.deviceFault("inc-f3", 9, IncidentState.RESOLVED, List.of("n-3"))
                .withEpisode(2, Fixtures.T0));
    Random random = new Random(16_0016L);
    FuzzRejections<DeadLetterReason> rejected = new FuzzRejections<>(DeadLetterReason.class);
    int genuine = 0;
    int usableMutations = 0;
    int tombstones = 0;
    for (int i = 0; i < RECORDS; i++) {
      Incident seed = seeds.get(random.nextInt(seeds.size()));
      byte[] json = Topics.INCIDENTS.valueSerde().serializer().serialize(TOPIC, seed);
      int valueKind = random.nextInt(20);
      byte[] value =
          switch (valueKind) {
            case 0 -> null;
            case 1, 2, 3, 4, 5 -> json;
            case 6, 7, 8, 9, 10 -> JsonFuzz.mutateBytes(json, random);
            case 11, 12, 13, 14, 15, 16 -> JsonFuzz.replaceAValue(json, random);
            default -> JsonFuzz.randomBytes(random);
          };
      int headerKind = random.nextInt(10);
      Headers headers =
          FuzzHeaders.of(
              headerKind,
              EventType.INCIDENT,
              EventType.DEVICE_SAMPLE,
              "/strata/correlator",
              random);

      IncidentRecord read = IncidentRecord.read(TOPIC, headers, value);

      String where = "record " + i + " headers " + headerKind + ": " + JsonFuzz.preview(value);
      if (value == null) {
        assertThat(read).as(where).isInstanceOf(IncidentRecord.Tombstone.class);
        tombstones++;
      } else if (headerKind == 0) {
        assertThat(read)
            .as(where)
            .isEqualTo(
                new IncidentRecord.Unusable(
                    DeadLetterReason.NOT_A_CLOUDEVENT, "missing ce_* headers"));
      } else if (headerKind == 1) {
        assertThat(read)
            .as(where)
            .isEqualTo(
                new IncidentRecord.Unusable(
                    DeadLetterReason.UNEXPECTED_EVENT_TYPE,
                    "ce_type io.strata.device_sample.v1 on " + TOPIC));
      } else if (headerKind == 2) {
        assertThat(read).as(where).isInstanceOf(IncidentRecord.Unusable.class);
      } else if (valueKind >= 1 && valueKind <= 5) {
        assertThat(read).as(where).isEqualTo(new IncidentRecord.Usable(seed));
        genuine++;
      }
      if (read instanceof IncidentRecord.Unusable unusable) {
        rejected.count(where, unusable.reason(), unusable.detail());
      } else if (read instanceof IncidentRecord.Usable usable) {
        assertThat(usable.incident().incidentId()).as(where).isNotBlank();
        assertThat(usable.incident().state()).as(where).isNotNull();
        if (valueKind > 5) {
          usableMutations++;
        }
      }
    }
    System.out.printf(
        "[fuzz] remediator incident records: %d inputs, %d genuine kept, %d mutated but usable,"
            + " %d tombstones, rejected %s%n",
        RECORDS, genuine, usableMutations, tombstones, rejected.counts());
    assertThat(genuine).isGreaterThan(1_500);
    assertThat(rejected.counts())
        .containsKeys(
            DeadLetterReason.NOT_A_CLOUDEVENT,
            DeadLetterReason.UNEXPECTED_EVENT_TYPE,
            DeadLetterReason.DESERIALIZATION_FAILED);
  }
}
