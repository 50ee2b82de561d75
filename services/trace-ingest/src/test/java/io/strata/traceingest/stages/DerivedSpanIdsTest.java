package io.strata.traceingest.stages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DerivedSpanIdsTest {

  @Test
  void theSameSpanAndStageAlwaysGiveTheSameIdAndOtherStagesOthers() {
    String queue = DerivedSpanIds.of("eee19b7ec3c1b174", "vllm.queue");

    assertThat(queue).matches("[0-9a-f]{16}").isNotEqualTo("0000000000000000");
    assertThat(DerivedSpanIds.of("eee19b7ec3c1b174", "vllm.queue")).isEqualTo(queue);
    assertThat(DerivedSpanIds.of("eee19b7ec3c1b174", "vllm.decode")).isNotEqualTo(queue);
    assertThat(DerivedSpanIds.of("eee19b7ec3c1b175", "vllm.queue")).isNotEqualTo(queue);
  }
}
