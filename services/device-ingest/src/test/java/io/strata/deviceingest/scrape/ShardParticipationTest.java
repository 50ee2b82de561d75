package io.strata.deviceingest.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.shard.ShardView;
import io.strata.deviceingest.xid.XidHistory;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's part in sharding, against the fabric8 mock API server in CRUD mode: settings
 * rejected naming their key, nothing owned before the XID history is recovered, the share and the
 * members gauge after the first renewal, and the Lease given up on close.
 */
@EnableKubernetesMockClient(crud = true)
class ShardParticipationTest {

  /** Injected by the extension: a fresh CRUD-mode mock API server per test. */
  private KubernetesClient client;

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  /** The sharding settings as the config mapping would give them. */
  private record Settings(
      boolean enabled,
      Optional<String> memberId,
      Optional<String> namespace,
      String group,
      Duration leaseDuration,
      Duration renewInterval)
      implements DeviceIngestConfig.Sharding {

    static Settings of(String member, Duration lease, Duration renew) {
      return new Settings(
          true, Optional.of(member), Optional.of("strata"), "strata-device-ingest", lease, renew);
    }
  }

  private ShardParticipation join(
      Settings settings, XidHistory history, List<ShardView[]> changes) {
    return ShardParticipation.join(
        settings,
        client,
        Clock.systemUTC(),
        history,
        meters,
        (before, next) -> changes.add(new ShardView[] {before, next}));
  }

  @Test
  void offOwnsEveryTargetAndHasNoMembership() {
    try (ShardParticipation off = ShardParticipation.off()) {
      assertThat(off.shard()).isEqualTo(ShardView.everything());
      assertThat(off.membership()).isNull();
    }
  }

  @Test
  void settingsThatCannotWorkAreRejectedNamingTheirKey() {
    List<ShardView[]> changes = new CopyOnWriteArrayList<>();
    XidHistory history = XidHistory.empty();
    assertThatThrownBy(
            () ->
                join(
                    Settings.of("device-ingest-0", Duration.ofSeconds(5), Duration.ofSeconds(5)),
                    history,
                    changes))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "strata.device-ingest.sharding.renew-interval must be shorter than lease-duration");
    assertThatThrownBy(
            () ->
                join(
                    Settings.of("device-ingest-0", Duration.ZERO, Duration.ofSeconds(5)),
                    history,
                    changes))
        .hasMessage("strata.device-ingest.sharding.lease-duration must be positive: PT0S");
    assertThatThrownBy(
            () ->
                join(
                    new Settings(
                        true,
                        Optional.of(" "),
                        Optional.of("strata"),
                        "strata-device-ingest",
                        Duration.ofSeconds(15),
                        Duration.ofSeconds(5)),
                    history,
                    changes))
        .hasMessageStartingWith("strata.device-ingest.sharding.member-id is required");
    assertThat(changes).isEmpty();
  }

  @Test
  void joinsOnlyAfterTheXidHistoryIsRecoveredThenOwnsItsShareAndLeavesOnClose() {
    List<ShardView[]> changes = new CopyOnWriteArrayList<>();
    XidHistory history = new XidHistory();
    Settings settings =
        Settings.of("device-ingest-0", Duration.ofSeconds(15), Duration.ofMillis(100));
    try (ShardParticipation joined = join(settings, history, changes)) {
      // Before the recovery: no Lease written, nothing owned (a scrape would re-fire sticky XIDs).
      assertThat(joined.shard()).isEqualTo(new ShardView("device-ingest-0", List.of()));
      assertThat(joined.shard().owns("gpu-node-1")).isFalse();
      assertThat(client.leases().inNamespace("strata").list().getItems()).isEmpty();

      history.markCaughtUp();
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> joined.shard().members().contains("device-ingest-0"));
      assertThat(joined.shard().owns("gpu-node-1")).isTrue();
      assertThat(client.leases().inNamespace("strata").list().getItems()).hasSize(1);
      assertThat(changes.get(0)[0]).isEqualTo(new ShardView("device-ingest-0", List.of()));
      assertThat(changes.get(changes.size() - 1)[1]).isEqualTo(joined.shard());
      assertThat(meters.get("strata.device.ingest.shard.members").gauge().value()).isEqualTo(1.0);
    }
    assertThat(client.leases().inNamespace("strata").list().getItems()).isEmpty();
  }
}
