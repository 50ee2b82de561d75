package io.strata.correlator.core.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class GpuReportTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
  private static final Duration ADVANCE = Duration.ofSeconds(5);
  private static final XidMark XID_79 =
      new XidMark(79, XidAction.RESET_GPU, XidOrigin.DEVICE, 1, T0);

  private final GpuReport report =
      new GpuReport("c1/ml/w", "c1/ml/p", HealthStatus.WARN, List.of(DeviceAnomaly.HEALTH_WARN));

  @Test
  void theSignatureNamesHolderHealthXidsAndAnomalies() {
    GpuView gpu = GpuView.empty().withXids(XID_79, T0.minusSeconds(60));

    assertThat(report.signature(gpu))
        .isEqualTo("c1/ml/w|c1/ml/p|WARN|79@2026-12-01T10:00:00Z|HEALTH_WARN");
  }

  @Test
  void aGpuNeverReportedIsDue() {
    assertThat(report.due(GpuView.empty(), T0, ADVANCE)).isTrue();
  }

  @Test
  void anUnchangedReportWaitsForTheNextWindowAdvance() {
    GpuView reported = GpuView.empty().withReported(T0, report.signature(GpuView.empty()));

    assertThat(report.due(reported, T0.plusSeconds(4), ADVANCE)).isFalse();
    assertThat(report.due(reported, T0.plusSeconds(5), ADVANCE)).isTrue();
  }

  @Test
  void aChangeOfWhatTheWorkloadDecidesOnIsDueAtOnce() {
    GpuView reported = GpuView.empty().withReported(T0, report.signature(GpuView.empty()));
    GpuView withXid = reported.withXids(XID_79, T0.minusSeconds(60));

    assertThat(report.due(withXid, T0.plusSeconds(1), ADVANCE)).isTrue();
  }

  @Test
  void aGpuWithoutSamplesIsReportedWithUnspecifiedHealthAndNoFields() {
    GpuReport fromView =
        GpuReport.of("c1/ml/w", "c1/ml/p", GpuView.empty(), new DeviceAnomalyDetector(85));

    assertThat(fromView)
        .isEqualTo(new GpuReport("c1/ml/w", "c1/ml/p", HealthStatus.UNSPECIFIED, List.of()));
    assertThat(fromView.snapshot("c1", "n1", "GPU-1", GpuView.empty(), T0))
        .isEqualTo(
            new GpuSnapshot(
                "c1",
                "n1",
                "GPU-1",
                "c1/ml/p",
                java.util.Map.of(),
                HealthStatus.UNSPECIFIED,
                List.of(),
                List.of(),
                T0));
  }
}
