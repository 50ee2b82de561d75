package io.strata.deviceingest.shard;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Live membership of the device-ingest replicas from Kubernetes Leases (coordination.k8s.io/v1),
 * one per member: each replica writes its own Lease {@code <group>-<member>} labelled {@code
 * strata.io/shard-group=<group>} and renews it every renew interval; at each renewal it lists the
 * group's Leases and counts as live those renewed within their lease duration. A replica that stops
 * cleanly deletes its Lease (the others take its targets at their next renewal); one that dies is
 * dropped when its Lease expires. See docs/adr/008-device-ingest-sharding-by-lease-membership.md.
 */
public final class LeaseMembership {

  static final String GROUP_LABEL = "strata.io/shard-group";

  private static final Logger LOG = Logger.getLogger(LeaseMembership.class);

  private final KubernetesClient client;
  private final String namespace;
  private final String group;
  private final String self;
  private final Duration leaseDuration;
  private final Clock clock;
  private final Consumer<ShardView> onChange;
  private volatile ShardView view;
  // Guarded by this: once left, a renewal still in flight on another thread must not re-create
  // the Lease (the others would then wait a whole lease duration for targets that are free).
  private boolean left;

  public LeaseMembership(
      KubernetesClient client,
      String namespace,
      String group,
      String self,
      Duration leaseDuration,
      Clock clock,
      Consumer<ShardView> onChange) {
    this.client = client;
    this.namespace = namespace;
    this.group = group;
    this.self = self;
    this.leaseDuration = leaseDuration;
    this.clock = clock;
    this.onChange = onChange;
    this.view = new ShardView(self, List.of());
  }

  /** The current view; owns nothing until the first renewal succeeded. */
  public ShardView view() {
    return view;
  }

  /**
   * Renews this member's Lease and re-reads the group; call every renew interval. An API error
   * keeps the last view (a short API outage must not stop every replica scraping) and is logged.
   * After {@link #leave()} it does nothing. The change callback runs under this membership's lock,
   * so it must not block.
   */
  public synchronized void renew() {
    if (left) {
      return;
    }
    try {
      Instant now = clock.instant();
      client
          .leases()
          .inNamespace(namespace)
          .resource(lease(now))
          .createOr(NonDeletingOperation::update);
      List<String> live =
          client
              .leases()
              .inNamespace(namespace)
              .withLabel(GROUP_LABEL, group)
              .list()
              .getItems()
              .stream()
              .filter(lease -> alive(lease, now))
              .map(lease -> lease.getSpec().getHolderIdentity())
              .filter(Objects::nonNull)
              .distinct()
              .sorted()
              .toList();
      ShardView next = new ShardView(self, live);
      if (!next.equals(view)) {
        LOG.infof("shard members of %s: %s (this replica: %s)", group, live, self);
        view = next;
        onChange.accept(next);
      }
    } catch (KubernetesClientException e) {
      LOG.warnf("cannot renew shard membership of %s: %s; keeping %s", self, e.getMessage(), view);
    }
  }

  /**
   * Deletes this member's Lease, so the others take its targets at their next renewal; waits for a
   * renewal in flight, and no later renewal writes the Lease again.
   */
  public synchronized void leave() {
    left = true;
    try {
      client.leases().inNamespace(namespace).withName(leaseName()).delete();
    } catch (KubernetesClientException e) {
      LOG.warnf("cannot delete lease %s: %s (it expires by itself)", leaseName(), e.getMessage());
    }
  }

  private boolean alive(Lease lease, Instant now) {
    if (lease.getSpec() == null || lease.getSpec().getRenewTime() == null) {
      return false;
    }
    Integer seconds = lease.getSpec().getLeaseDurationSeconds();
    Duration duration = seconds == null ? leaseDuration : Duration.ofSeconds(seconds);
    Instant renewed = lease.getSpec().getRenewTime().toInstant();
    return !renewed.plus(duration).isBefore(now);
  }

  private Lease lease(Instant now) {
    return new LeaseBuilder()
        .withNewMetadata()
        .withName(leaseName())
        .withNamespace(namespace)
        .addToLabels(GROUP_LABEL, group)
        .endMetadata()
        .withNewSpec()
        .withHolderIdentity(self)
        .withLeaseDurationSeconds((int) Math.max(1, leaseDuration.toSeconds()))
        .withRenewTime(ZonedDateTime.ofInstant(now, ZoneOffset.UTC))
        .endSpec()
        .build();
  }

  String leaseName() {
    return group + "-" + self;
  }
}
