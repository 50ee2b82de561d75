package io.strata.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MeterNamesTest {

  @Test
  void readsTheStrataSampleNamesWithoutLabelsCommentsOrOtherMeters() {
    String page =
        """
        # HELP strata_k8s_watcher_buffer_pending records waiting
        # TYPE strata_k8s_watcher_buffer_pending gauge
        strata_k8s_watcher_buffer_pending 0.0
        strata_k8s_watcher_records_published_total{kind="record",topic="t"} 3.0
        strata_k8s_watcher_records_published_total{kind="tombstone",topic="t"} 1.0
        jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 1.2E7
        """;

    assertThat(MeterNames.strata(page))
        .containsExactly(
            "strata_k8s_watcher_buffer_pending", "strata_k8s_watcher_records_published_total");
  }

  @Test
  void namesOutsideTheServicesPrefixAreTheOnesOffConvention() {
    String page =
        """
        strata_remediator_decisions_total{outcome="PLANNED"} 1.0
        strata_remediator_actions_total 2.0
        strata_actions_total 1.0
        """;

    assertThat(MeterNames.notPrefixed(page, "strata_remediator_"))
        .containsExactly("strata_actions_total");
  }
}
