package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScrapeSpreadTest {

  @Test
  void slotsFollowTheIntervalWithinBounds() {
    assertThat(ScrapeSpread.slots(1000)).isEqualTo(20);
    assertThat(ScrapeSpread.slots(15_000)).isEqualTo(300);
    assertThat(ScrapeSpread.slots(10)).isEqualTo(1);
    assertThat(ScrapeSpread.slots(3_600_000)).isEqualTo(1000);
  }

  @Test
  void aTargetKeepsItsSlotAndTargetsSpreadEvenly() {
    String url = "http://10.1.2.3:9400/metrics";
    assertThat(ScrapeSpread.slot(url, 20)).isEqualTo(ScrapeSpread.slot(url, 20)).isBetween(0, 19);
    int[] perSlot = new int[20];
    for (int i = 0; i < 2000; i++) {
      perSlot[
          ScrapeSpread.slot("http://10.1." + (i / 250) + "." + (i % 250) + ":9400/metrics", 20)]++;
    }
    // 100 per slot on average; none empty, none carrying a burst.
    for (int count : perSlot) {
      assertThat(count).isBetween(70, 130);
    }
  }
}
