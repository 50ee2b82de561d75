package io.strata.remediator.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;

/**
 * One active remediator per cluster: a coordination.k8s.io/v1 Lease held through fabric8's
 * LeaderElector (client-go's algorithm: acquire or renew every retry period, give up leading when a
 * renewal has not succeeded within the renew deadline, take over a Lease not renewed for the lease
 * duration). Only the holder executes and decides; a standby takes over when the leader stops
 * renewing (crash, kill, network partition) and rebuilds its memory from Kafka first.
 */
public final class Leadership implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(Leadership.class);

  /** What happens when this instance gains or loses the Lease. */
  public interface Listener {
    /**
     * Called just before {@link #leading()} turns true, so a new term (LeaderTerm.begin) exists
     * before leading counts; nothing by default.
     */
    default void acquiring() {}

    /** Called once {@link #leading()} is true. */
    void startedLeading();

    void stoppedLeading();

    /** The holder seen on the Lease changed (this instance or another); nothing by default. */
    default void observedLeader(String identity) {}
  }

  /** The Lease's coordinates and timing. */
  public record Settings(
      String namespace,
      String leaseName,
      String identity,
      Duration leaseDuration,
      Duration renewDeadline,
      Duration retryPeriod) {}

  private final KubernetesClient client;
  private final Settings settings;
  private final AtomicBoolean leading = new AtomicBoolean();
  private final AtomicReference<String> leader = new AtomicReference<>();
  private volatile CompletableFuture<?> running;

  public Leadership(KubernetesClient client, Settings settings) {
    this.client = client;
    this.settings = settings;
  }

  /** Starts competing for the Lease, in the background; returns at once. */
  public synchronized void start(Listener listener) {
    if (running != null) {
      return;
    }
    LeaderCallbacks callbacks =
        new LeaderCallbacks(
            () -> {
              // The new term must exist before leading reads true, or the old term's rebuild
              // would count for this one.
              listener.acquiring();
              leading.set(true);
              LOG.infof("%s holds Lease %s: leading", settings.identity(), settings.leaseName());
              listener.startedLeading();
            },
            () -> {
              leading.set(false);
              LOG.warnf("%s lost Lease %s: standing by", settings.identity(), settings.leaseName());
              listener.stoppedLeading();
            },
            identity -> {
              leader.set(identity);
              listener.observedLeader(identity);
            });
    running =
        client
            .leaderElector()
            .withConfig(
                new LeaderElectionConfigBuilder()
                    .withName(settings.leaseName())
                    .withLock(
                        new LeaseLock(
                            settings.namespace(), settings.leaseName(), settings.identity()))
                    .withLeaseDuration(settings.leaseDuration())
                    .withRenewDeadline(settings.renewDeadline())
                    .withRetryPeriod(settings.retryPeriod())
                    .withReleaseOnCancel(true)
                    .withLeaderCallbacks(callbacks)
                    .build())
            .build()
            .start();
  }

  public boolean leading() {
    return leading.get();
  }

  /** The identity of the current holder as last seen, or null. */
  public String leader() {
    return leader.get();
  }

  public String identity() {
    return settings.identity();
  }

  /** Stops competing and releases the Lease if held, so a standby takes over at once. */
  @Override
  public synchronized void close() {
    if (running != null) {
      running.cancel(true);
      running = null;
    }
    leading.set(false);
  }
}
