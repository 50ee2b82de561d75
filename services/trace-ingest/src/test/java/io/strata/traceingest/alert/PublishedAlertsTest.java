package io.strata.traceingest.alert;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.alert.AlertEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Alertmanager's repeats are dropped; news is published; memory is bounded and follows Kafka. */
class PublishedAlertsTest {

  private static final Instant T = Instant.parse("2026-12-07T17:27:00Z");

  private final List<AlertEvent> firing = ExpectedAlertEvents.gpuXidFiring(T);
  private final AlertEvent gpu3 = firing.get(0);
  private final AlertEvent gpu0 = firing.get(1);

  @Test
  void aRepeatOfAnUnchangedGroupIsNotNews() {
    PublishedAlerts published = new PublishedAlerts(10);
    assertThat(published.unpublished(firing)).containsExactly(gpu3, gpu0);
    published.remember(firing);

    // group_interval / repeat_interval later: same alerts, another receive time.
    List<AlertEvent> repeat = ExpectedAlertEvents.gpuXidFiring(T.plusSeconds(300));
    assertThat(published.unpublished(repeat)).isEmpty();
  }

  @Test
  void aStatusChangeIsNewsAndOnlyTheChangedAlertIs() {
    PublishedAlerts published = new PublishedAlerts(10);
    published.remember(firing);

    AlertEvent resolved = ExpectedAlertEvents.gpu3Resolved(T.plusSeconds(60));
    List<AlertEvent> next = List.of(resolved, ExpectedAlertEvents.gpuXidFiring(T).get(1));
    assertThat(published.unpublished(next)).containsExactly(resolved);
  }

  @Test
  void aNewEpisodeOfTheSameAlertIsNews() {
    PublishedAlerts published = new PublishedAlerts(10);
    published.remember(List.of(gpu3));

    AlertEvent again = withStart(gpu3, gpu3.startsAt().plusSeconds(3600));
    assertThat(published.unpublished(List.of(again))).containsExactly(again);
  }

  @Test
  void nothingIsRememberedUntilKafkaAcknowledged() {
    PublishedAlerts published = new PublishedAlerts(10);
    assertThat(published.unpublished(firing)).hasSize(2);
    // Kafka failed: remember() never ran, so Alertmanager's retry is still news.
    assertThat(published.unpublished(firing)).hasSize(2);
    assertThat(published.size()).isZero();
  }

  @Test
  void oneStateNamedTwiceInANotificationIsPublishedOnce() {
    PublishedAlerts published = new PublishedAlerts(10);
    assertThat(published.unpublished(List.of(gpu3, gpu0, gpu3))).containsExactly(gpu3, gpu0);
  }

  @Test
  void theLeastRecentlySeenFingerprintIsForgottenFirst() {
    PublishedAlerts published = new PublishedAlerts(2);
    AlertEvent kube = ExpectedAlertEvents.kubePodCrashLooping(T);
    published.remember(List.of(gpu3, gpu0));
    assertThat(published.unpublished(List.of(gpu3))).isEmpty(); // gpu3 now most recently seen
    published.remember(List.of(kube)); // evicts gpu0

    assertThat(published.size()).isEqualTo(2);
    assertThat(published.unpublished(List.of(gpu3, gpu0, kube))).containsExactly(gpu0);
  }

  private static AlertEvent withStart(AlertEvent e, Instant startsAt) {
    return new AlertEvent(
        e.fingerprint(),
        e.cluster(),
        e.status(),
        e.alertName(),
        e.severity(),
        e.labels(),
        e.annotations(),
        startsAt,
        e.endsAt(),
        e.generatorUrl(),
        e.receiver(),
        e.externalUrl(),
        e.correlation(),
        e.gpuUuid(),
        e.receivedAt());
  }
}
