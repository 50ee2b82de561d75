package io.strata.correlator.core.incident;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.incident.DeviceWatchDecisions.EvidenceTarget;
import io.strata.correlator.core.incident.WindowVerdict.Kind;
import io.strata.correlator.core.request.BaselineTracker;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.events.device.HealthStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeviceWatchDecisionsTest {

  private static final Instant AT = Instant.parse("2026-12-01T10:00:00Z");
  private static final Duration QUIET = Duration.ofMinutes(5);
  private static final String TRACKER = "c1/n1/GPU-1|DEVICE_FAULT";

  private static DeviceWatch watch(int streak, Instant measuredAt) {
    return new DeviceWatch(TRACKER, AT, measuredAt, streak);
  }

  private static GpuSnapshot faulted(String node, String uuid) {
    return new GpuSnapshot(
        "c1", node, uuid, "ns/pod", Map.of(), HealthStatus.FAIL, List.of(), List.of(), AT);
  }

  @Test
  void aWatchStartsOnlyWhenTheWorkloadWasMeasuredWithinTheQuietPeriod() {
    Instant recent = AT.minus(QUIET).plusMillis(1);
    assertThat(DeviceWatchDecisions.start(TRACKER, AT, recent, QUIET))
        .contains(new DeviceWatch(TRACKER, AT, recent, 0));
    assertThat(DeviceWatchDecisions.start(TRACKER, AT, AT.minus(QUIET), QUIET)).isEmpty();
    assertThat(DeviceWatchDecisions.start(TRACKER, AT, null, QUIET)).isEmpty();
  }

  @Test
  void lastMeasuredIsTheNewestOverAllVersionsIgnoringNeverMeasured() {
    List<BaselineTracker> versions =
        List.of(
            BaselineTracker.empty().withNeutral(AT.minusSeconds(60)),
            BaselineTracker.empty(),
            BaselineTracker.empty().withRegressed(AT),
            BaselineTracker.empty().withNeutral(AT.minusSeconds(30)));
    assertThat(DeviceWatchDecisions.lastMeasured(versions.iterator())).isEqualTo(AT);
    assertThat(DeviceWatchDecisions.lastMeasured(List.of(BaselineTracker.empty()).iterator()))
        .isNull();
  }

  @Test
  void inBandAndNoBaselineWindowsCountTowardTheStreakAndMeasureTraffic() {
    Instant end = AT.plusSeconds(60);
    assertThat(DeviceWatchDecisions.afterWindow(watch(0, null), Kind.IN_BAND, end, 3))
        .contains(watch(1, end));
    assertThat(DeviceWatchDecisions.afterWindow(watch(1, null), Kind.NO_BASELINE, end, 3))
        .contains(watch(2, end));
  }

  @Test
  void theWatchEndsOnceInBandForWindowsToResolveInARow() {
    assertThat(
            DeviceWatchDecisions.afterWindow(watch(2, null), Kind.IN_BAND, AT.plusSeconds(60), 3))
        .isEmpty();
  }

  @Test
  void aRegressedOrOutOfBandWindowBreaksTheStreak() {
    Instant end = AT.plusSeconds(60);
    assertThat(DeviceWatchDecisions.afterWindow(watch(2, null), Kind.REGRESSED, end, 3))
        .contains(watch(0, end));
    assertThat(DeviceWatchDecisions.afterWindow(watch(2, null), Kind.OUT_OF_BAND, end, 3))
        .contains(watch(0, end));
  }

  @Test
  void aWindowWithTooFewSamplesNeitherCountsNorMeasuresTraffic() {
    Instant measured = AT.plusSeconds(30);
    assertThat(
            DeviceWatchDecisions.afterWindow(
                watch(1, measured), Kind.TOO_FEW_SAMPLES, AT.plusSeconds(90), 3))
        .contains(watch(1, measured));
  }

  @Test
  void aWatchIsQuietOnceItsLastTrafficIsTheQuietPeriodOld() {
    Instant measured = AT.plusSeconds(60);
    DeviceWatch watched = watch(0, measured);
    assertThat(DeviceWatchDecisions.quiet(watched, measured.plus(QUIET).minusMillis(1), QUIET))
        .isFalse();
    assertThat(DeviceWatchDecisions.quiet(watched, measured.plus(QUIET), QUIET)).isTrue();
    // Never measured since it started: quiet counts from the start of the watch.
    assertThat(DeviceWatchDecisions.quiet(watch(0, null), AT.plus(QUIET), QUIET)).isTrue();
  }

  @Test
  void aRegressionJoinsEachWatchedIncidentOnceThenTheFaultedGpusDeviceFaults() {
    DeviceWatch xid = new DeviceWatch("c1/n2/GPU-2|DEVICE_FAULT", AT, null, 0);
    DeviceWatch degraded = new DeviceWatch("c1/n1/GPU-1|DEVICE_DEGRADED", AT, null, 0);

    List<EvidenceTarget> targets =
        DeviceWatchDecisions.evidenceTargets(
            List.of(xid, degraded, xid), List.of(faulted("n2", "GPU-2"), faulted("n3", "GPU-3")));

    assertThat(targets)
        .containsExactly(
            new EvidenceTarget("c1/n2", "c1/n2/GPU-2|DEVICE_FAULT"),
            new EvidenceTarget("c1/n1", "c1/n1/GPU-1|DEVICE_DEGRADED"),
            new EvidenceTarget("c1/n3", "c1/n3/GPU-3|DEVICE_FAULT"));
    assertThat(DeviceWatchDecisions.evidenceTargets(List.of(), List.of())).isEmpty();
  }
}
