package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EventIdsTest {

  private static final Instant T = Instant.parse("2026-12-01T10:00:00Z");
  private static final String KEY = "c1/node-1/GPU-1";

  @Test
  void theSameOccurrenceAlwaysHasTheSameId() {
    assertThat(EventIds.xid(KEY, null, 79, "LAST_XID_GAUGE", T))
        .isEqualTo(EventIds.xid(KEY, null, 79, "LAST_XID_GAUGE", T))
        .hasSize(36);
    assertThat(EventIds.sample(KEY, "1", T)).isEqualTo(EventIds.sample(KEY, "1", T));
  }

  @Test
  void everyIdentifyingFieldChangesTheId() {
    Set<String> ids =
        Set.of(
            EventIds.xid(KEY, null, 79, "LAST_XID_GAUGE", T),
            EventIds.xid("c1/node-2/GPU-1", null, 79, "LAST_XID_GAUGE", T),
            EventIds.xid(KEY, "3", 79, "LAST_XID_GAUGE", T),
            EventIds.xid(KEY, null, 48, "LAST_XID_GAUGE", T),
            EventIds.xid(KEY, null, 79, "XID_ERRORS_COUNT", T),
            EventIds.xid(KEY, null, 79, "LAST_XID_GAUGE", T.plusSeconds(1)),
            EventIds.sample(KEY, null, T),
            EventIds.sample(KEY, "3", T));
    assertThat(ids).hasSize(8);
  }
}
