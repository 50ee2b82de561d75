package io.strata.deviceingest.xid;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.assemble.GpuReading;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.HealthStatus;
import io.strata.events.device.XidSource;
import java.util.Map;
import org.junit.jupiter.api.Test;

class XidDetectorTest {

  private static final String TARGET = "http://node-a:9400/metrics";

  private final XidDetector detector = new XidDetector();

  private static GpuReading gauge(Integer lastXid) {
    return reading(lastXid, Map.of(), false);
  }

  private static GpuReading counts(Integer lastXid, Map<Integer, Long> counts) {
    return reading(lastXid, counts, true);
  }

  private static GpuReading reading(Integer lastXid, Map<Integer, Long> counts, boolean exported) {
    return new GpuReading(
        "GPU-1",
        "0",
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        DeviceOwner.none(),
        HealthStatus.PASS,
        Map.of(),
        Map.of(),
        lastXid,
        counts,
        exported);
  }

  @Test
  void stickyGaugeFiresOncePerChangeNotPerScrape() {
    assertThat(detector.observe(TARGET, gauge(0))).isEmpty();
    assertThat(detector.observe(TARGET, gauge(79)))
        .containsExactly(new XidOccurrence(79, 1, XidSource.LAST_XID_GAUGE));
    assertThat(detector.observe(TARGET, gauge(79))).isEmpty();
    assertThat(detector.observe(TARGET, gauge(79))).isEmpty();
    assertThat(detector.observe(TARGET, gauge(13)))
        .containsExactly(new XidOccurrence(13, 1, XidSource.LAST_XID_GAUGE));
    assertThat(detector.observe(TARGET, gauge(null))).isEmpty();
    assertThat(detector.observe(TARGET, gauge(13))).isEmpty();
  }

  @Test
  void nonZeroGaugeAtFirstSightFiresOnceThenOnlyChanges() {
    assertThat(detector.observe(TARGET, gauge(48)))
        .containsExactly(new XidOccurrence(48, 1, XidSource.LAST_XID_GAUGE));
    assertThat(detector.observe(TARGET, gauge(48))).isEmpty();
  }

  @Test
  void zeroResetsSoTheSameXidAfterADriverReloadFiresAgain() {
    detector.observe(TARGET, gauge(79));
    assertThat(detector.observe(TARGET, gauge(0))).isEmpty();
    assertThat(detector.observe(TARGET, gauge(79))).hasSize(1);
  }

  @Test
  void countFiresTheRiseOnlyAndIsAuthoritativeOverTheGauge() {
    assertThat(detector.observe(TARGET, counts(0, Map.of()))).isEmpty();
    assertThat(detector.observe(TARGET, counts(31, Map.of(31, 2L))))
        .containsExactly(new XidOccurrence(31, 2, XidSource.XID_ERRORS_COUNT));
    assertThat(detector.observe(TARGET, counts(31, Map.of(31, 2L)))).isEmpty();
    assertThat(detector.observe(TARGET, counts(13, Map.of(31, 3L, 13, 1L))))
        .containsExactly(
            new XidOccurrence(13, 1, XidSource.XID_ERRORS_COUNT),
            new XidOccurrence(31, 1, XidSource.XID_ERRORS_COUNT));
    assertThat(detector.observe(TARGET, counts(13, Map.of(31, 1L)))).isEmpty();
    assertThat(detector.observe(TARGET, counts(13, Map.of()))).isEmpty();
    assertThat(detector.observe(TARGET, counts(13, Map.of(13, 1L))))
        .containsExactly(new XidOccurrence(13, 1, XidSource.XID_ERRORS_COUNT));
  }

  @Test
  void stateIsPerTargetAndGpuAndForgotten() {
    detector.observe(TARGET, gauge(79));
    assertThat(detector.observe("http://node-b:9400/metrics", gauge(79))).hasSize(1);

    detector.forgetTarget(TARGET);

    assertThat(detector.trackedGpus()).isEqualTo(1);
    assertThat(detector.observe(TARGET, gauge(79))).hasSize(1);
  }
}
