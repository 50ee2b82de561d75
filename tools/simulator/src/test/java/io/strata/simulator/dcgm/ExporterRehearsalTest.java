package io.strata.simulator.dcgm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.simulator.model.ClusterShape;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ExporterRehearsalTest {

  @Test
  void rendersFourNodesPagesEveryRoundAndEndsWithGpusOffTheBus() {
    // Mixed: two of the copy's nodes in each naming, so both are rehearsed.
    ExporterRehearsal.Result result =
        ExporterRehearsal.run(
            ClusterShape.defaults().withNodes(1_250),
            Duration.ofMinutes(5),
            Instant.parse("2026-12-05T00:00:00Z"),
            NamingRollout.MIXED);

    assertThat(result.pages()).isEqualTo(4 * 1_600);
    assertThat(result.faultShown()).isTrue();
  }
}
