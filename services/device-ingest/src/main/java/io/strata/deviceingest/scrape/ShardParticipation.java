package io.strata.deviceingest.scrape;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.shard.LeaseMembership;
import io.strata.deviceingest.shard.ShardView;
import io.strata.deviceingest.xid.XidHistory;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.jboss.logging.Logger;

/**
 * This replica's part in sharded scraping: its {@link ShardView} of the targets, kept current by a
 * {@link LeaseMembership} renewed on a ticker of its own once the XID history is recovered (a
 * replica that joined earlier would re-fire sticky XIDs "at first sight"). While sharding is off
 * the replica owns every target.
 */
final class ShardParticipation implements AutoCloseable {

  /** How long closing waits for a renewal in flight before it leaves the Lease to expire. */
  static final Duration LEAVE_WAIT = Duration.ofSeconds(5);

  private static final Logger LOG = Logger.getLogger(ShardParticipation.class);

  private volatile ShardView shard;
  private final LeaseMembership membership;
  private final ScheduledExecutorService ticker;
  private final BiConsumer<ShardView, ShardView> onChange;

  private ShardParticipation() {
    this.shard = ShardView.everything();
    this.membership = null;
    this.ticker = null;
    this.onChange = null;
  }

  private ShardParticipation(
      DeviceIngestConfig.Sharding sharding,
      String self,
      KubernetesClient client,
      Clock clock,
      BiConsumer<ShardView, ShardView> onChange) {
    this.shard = new ShardView(self, List.of());
    this.onChange = onChange;
    // LeaseMembership calls back only from renew(), which the ticker starts after construction.
    this.membership =
        new LeaseMembership(
            client,
            sharding.namespace().orElse(client.getNamespace()),
            sharding.group(),
            self,
            sharding.leaseDuration(),
            clock,
            this::moveTo);
    this.ticker =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("strata-shard-lease"));
  }

  /** Every target is this replica's. */
  static ShardParticipation off() {
    return new ShardParticipation();
  }

  /**
   * Joins the replicas' Lease group; {@code onChange} is told (before, next) whenever the share
   * moves, after {@link #shard()} already answers the new one.
   *
   * @throws IllegalArgumentException naming the setting that is invalid
   */
  static ShardParticipation join(
      DeviceIngestConfig.Sharding sharding,
      KubernetesClient client,
      Clock clock,
      XidHistory xidHistory,
      MeterRegistry meterRegistry,
      BiConsumer<ShardView, ShardView> onChange) {
    ConfigChecks.requirePositive(
        sharding.leaseDuration(), "strata.device-ingest.sharding.lease-duration");
    ConfigChecks.requirePositive(
        sharding.renewInterval(), "strata.device-ingest.sharding.renew-interval");
    if (sharding.renewInterval().compareTo(sharding.leaseDuration()) >= 0) {
      throw new IllegalArgumentException(
          "strata.device-ingest.sharding.renew-interval must be shorter than lease-duration");
    }
    String self =
        sharding
            .memberId()
            .or(() -> Optional.ofNullable(System.getenv("HOSTNAME")))
            .filter(id -> !id.isBlank())
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "strata.device-ingest.sharding.member-id is required (no HOSTNAME)"));
    ShardParticipation joined = new ShardParticipation(sharding, self, client, clock, onChange);
    Gauge.builder("strata.device.ingest.shard.members", joined, p -> p.shard.members().size())
        .description("Live device-ingest replicas this one shares the targets with")
        .register(meterRegistry);
    joined.ticker.scheduleWithFixedDelay(
        () -> {
          if (xidHistory.caughtUp()) {
            joined.membership.renew();
          }
        },
        0,
        sharding.renewInterval().toMillis(),
        TimeUnit.MILLISECONDS);
    return joined;
  }

  private void moveTo(ShardView next) {
    ShardView before = shard;
    shard = next;
    onChange.accept(before, next);
  }

  /** This replica's share; everything while sharding is off. */
  ShardView shard() {
    return shard;
  }

  /** Null while sharding is off. */
  LeaseMembership membership() {
    return membership;
  }

  /**
   * Stops renewing and gives the Lease up, so the others take the targets over at once. A renewal
   * in flight is let finish first (at most {@link #LEAVE_WAIT}): interrupting it would make fabric8
   * abandon its write, not cancel it, and a write landing after the delete would re-create the
   * Lease, so the others would wait a whole lease duration for targets nobody scrapes. When it does
   * not finish in time the Lease is left to expire by itself.
   */
  @Override
  public void close() {
    if (ticker == null) {
      return;
    }
    ticker.shutdown();
    try {
      if (ticker.awaitTermination(LEAVE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        membership.leave();
        return;
      }
      LOG.warnf("a Lease renewal still runs after %s; leaving the Lease to expire", LEAVE_WAIT);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ticker.shutdownNow();
  }
}
