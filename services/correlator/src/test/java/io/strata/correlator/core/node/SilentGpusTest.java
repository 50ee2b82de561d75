package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.state.GpuView;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.HealthStatus;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SilentGpusTest {

  private static final Duration RETENTION = Duration.ofHours(24);

  private static GpuView sampledAt(Instant at) {
    return GpuView.empty()
        .withSample(NodeFixtures.sample(DeviceOwner.none(), HealthStatus.PASS, at));
  }

  @Test
  void aGpuSilentForLongerThanTheRetentionIsForgotten() {
    assertThat(SilentGpus.forgotten(sampledAt(T0), T0.plus(RETENTION).plusMillis(1), RETENTION))
        .isTrue();
    assertThat(SilentGpus.forgotten(sampledAt(T0), T0.plus(RETENTION), RETENTION)).isFalse();
  }

  @Test
  void aGpuWithARecoveryToReportOrNoScrapeTimeIsKept() {
    Instant late = T0.plus(RETENTION).plusSeconds(60);

    assertThat(SilentGpus.forgotten(sampledAt(T0).withCleanToReport(1), late, RETENTION)).isFalse();
    assertThat(SilentGpus.forgotten(sampledAt(null), late, RETENTION)).isFalse();
    assertThat(SilentGpus.forgotten(GpuView.empty(), late, RETENTION)).isFalse();
  }
}
