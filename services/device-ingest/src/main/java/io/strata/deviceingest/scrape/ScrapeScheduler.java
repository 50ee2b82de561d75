package io.strata.deviceingest.scrape;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.trace.Tracer;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.deviceingest.config.DeviceIngestConfig;
import io.strata.deviceingest.discovery.EndpointSliceDiscovery;
import io.strata.deviceingest.discovery.TargetRegistry;
import io.strata.deviceingest.kafka.KafkaEventPublisher;
import io.strata.deviceingest.kafka.XidTopicFollower;
import io.strata.deviceingest.shard.LeaseMembership;
import io.strata.deviceingest.shard.ShardView;
import io.strata.deviceingest.xid.XidCatalog;
import io.strata.deviceingest.xid.XidHistory;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.jboss.logging.Logger;

/**
 * The adapter around {@link ScrapeProcessor}: ticks every interval, starts an asynchronous fetch
 * for each target that is not still being scraped (a slow target delays nobody), at most {@code
 * max-concurrent} at once (a target due at the cap starts when a place frees, {@link
 * ScrapeAdmission}), and hands each result to {@link ScrapeResults} on a small processing pool.
 */
@ApplicationScoped
public class ScrapeScheduler {

  private static final Logger LOG = Logger.getLogger(ScrapeScheduler.class);

  private final DeviceIngestConfig config;
  private final Instance<KubernetesClient> kubernetes;
  private final Clock clock;
  private final DeviceIngestMetrics metrics;
  private final ScrapeProcessor processor;
  private final ScrapeResults results;
  private final TargetRegistry registry;
  private final XidHistory xidHistory;
  private XidTopicFollower xidFollower;
  private final AtomicBoolean waitingLogged = new AtomicBoolean();
  private final MeterRegistry meterRegistry;
  private volatile ShardParticipation sharding = ShardParticipation.off();
  private final DataAge dataAge = new DataAge();

  private volatile TargetPlacements placements = new TargetPlacements(1);
  private final ScrapeAdmission admission;
  private long tickCount;
  private ScheduledExecutorService ticker;
  private ExecutorService processing;
  private ExecutorService http;
  private HttpScraper scraper;
  private EndpointSliceDiscovery discovery;
  private volatile Instant lastTick;
  private volatile Instant started;

  @Inject
  public ScrapeScheduler(
      DeviceIngestConfig config,
      KafkaEventPublisher publisher,
      Instance<KubernetesClient> kubernetes,
      Clock clock,
      MeterRegistry meterRegistry,
      Tracer tracer) {
    this.config = config;
    this.kubernetes = kubernetes;
    this.clock = clock;
    this.metrics = new DeviceIngestMetrics(meterRegistry);
    this.meterRegistry = meterRegistry;
    this.admission = new ScrapeAdmission(config.scrape().maxConcurrent());
    this.xidHistory = config.xidRecovery().enabled() ? new XidHistory() : XidHistory.empty();
    this.processor =
        new ScrapeProcessor(
            config.cluster(),
            config.presence().expectedFields(),
            XidCatalog.load(),
            config.scrape().maxReportedLineErrors(),
            xidHistory);
    this.results = new ScrapeResults(processor, publisher, metrics, dataAge, tracer, clock);
    List<ScrapeTarget> statics =
        config.scrape().targets().orElse(List.of()).stream()
            .map(String::trim)
            .filter(url -> !url.isEmpty())
            .map(ScrapeTarget::of)
            .toList();
    this.registry = new TargetRegistry(statics, this::forget);
    metrics.targets(registry, TargetRegistry::size);
    metrics.dataAge(() -> dataAge.oldest(clock.instant()));
  }

  void start(@Observes StartupEvent event) {
    DeviceIngestConfig.Scrape scrape = config.scrape();
    ConfigChecks.requirePositive(scrape.interval(), "strata.device-ingest.scrape.interval");
    ConfigChecks.requirePositive(scrape.timeout(), "strata.device-ingest.scrape.timeout");
    if (scrape.initialDelay().isNegative()) {
      throw new IllegalArgumentException(
          "strata.device-ingest.scrape.initial-delay must not be "
              + "negative: "
              + scrape.initialDelay());
    }
    http = Executors.newFixedThreadPool(2, DaemonThreads.named("strata-scrape-http"));
    processing =
        Executors.newFixedThreadPool(
            scrape.processingThreads(), DaemonThreads.named("strata-scrape-process"));
    scraper = new HttpScraper(scrape.timeout(), scrape.maxResponseBytes(), http);
    if (config.discovery().enabled()) {
      discovery = new EndpointSliceDiscovery(kubernetes.get(), config.discovery(), registry);
    }
    if (config.xidRecovery().enabled()) {
      ConfigChecks.requirePositive(
          config.xidRecovery().lookBack(), "strata.device-ingest.xid-recovery.look-back");
      xidFollower =
          new XidTopicFollower(
              XidTopicFollower.consumerSettings(
                  config.publish().bootstrapServers(), KafkaClientSecurity.fromConfig()),
              config.cluster(),
              config.xidRecovery().lookBack(),
              xidHistory,
              clock);
      xidFollower.start();
    }
    if (config.sharding().enabled()) {
      sharding =
          ShardParticipation.join(
              config.sharding(),
              kubernetes.get(),
              clock,
              xidHistory,
              meterRegistry,
              this::onShardChange);
    }
    started = clock.instant();
    ticker =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("strata-scrape-ticker"));
    // Spread: one tick per slot, each scraping the targets of that slot; else one burst per
    // interval.
    placements =
        new TargetPlacements(
            scrape.spread() ? ScrapeSpread.slots(scrape.interval().toMillis()) : 1);
    ticker.scheduleAtFixedRate(
        this::tick,
        scrape.initialDelay().toNanos() / 1000,
        Math.max(1, scrape.interval().toNanos() / 1000 / placements.slots()),
        TimeUnit.MICROSECONDS);
    LOG.infof(
        "scraping %d static target(s) every %s, discovery %s",
        registry.size(), scrape.interval(), config.discovery().enabled() ? "on" : "off");
  }

  /** Frees the state of targets that moved to another replica, so a later return starts fresh. */
  private void onShardChange(ShardView before, ShardView next) {
    for (ScrapeTarget target : registry.targets()) {
      String node = target.fallbackNode();
      if (before.owns(node) && !next.owns(node)) {
        admission.forget(target.url()); // a target waiting for a place is the new owner's now
        processor.forgetTarget(target.url());
        metrics.forgetTarget(target.url());
        dataAge.forget(target.url());
      }
    }
  }

  /** This replica's share; everything while sharding is off. */
  public ShardView shard() {
    return sharding.shard();
  }

  /** Null while sharding is off. */
  public LeaseMembership membership() {
    return sharding.membership();
  }

  void stop(@Observes ShutdownEvent event) {
    sharding.close();
    if (ticker != null) {
      ticker.shutdownNow();
      processing.shutdownNow();
      http.shutdownNow();
    }
    if (discovery != null) {
      discovery.close();
    }
    if (xidFollower != null) {
      xidFollower.close();
    }
  }

  /**
   * Starts a scrape of every target not already being scraped; completes when all that started are
   * done (a target waiting for a place under the cap starts later, on its own). Does nothing until
   * the XID history is recovered: a scrape before would publish every sticky XID again "at first
   * sight".
   */
  public CompletableFuture<Void> scrapeAll() {
    return scrapeWhere(target -> true);
  }

  private CompletableFuture<Void> scrapeWhere(Predicate<ScrapeTarget> inThisTick) {
    if (!xidHistory.caughtUp()) {
      if (waitingLogged.compareAndSet(false, true)) {
        LOG.info("not scraping until the XID history is recovered from Kafka");
      }
      return CompletableFuture.completedFuture(null);
    }
    ShardView share = sharding.shard();
    List<CompletableFuture<Void>> scrapes =
        registry.targets().stream()
            .filter(inThisTick)
            .filter(target -> share.owns(placements.node(target)))
            .map(this::scrape)
            .toList();
    return CompletableFuture.allOf(scrapes.toArray(CompletableFuture[]::new));
  }

  public TargetRegistry targets() {
    return registry;
  }

  /** The XIDs already published, as far as recovered; caught up once scraping may begin. */
  public XidHistory xidHistory() {
    return xidHistory;
  }

  /** Null while discovery is off. */
  public EndpointSliceDiscovery discovery() {
    return discovery;
  }

  /** When the ticker last ran, or null before its first run. */
  public Instant lastTick() {
    return lastTick;
  }

  public Instant started() {
    return started;
  }

  private void tick() {
    try {
      lastTick = clock.instant();
      TargetPlacements placements = this.placements;
      int slot = (int) (tickCount++ % placements.slots());
      scrapeWhere(target -> placements.inSlot(target, slot));
    } catch (RuntimeException e) {
      // A failing tick must not cancel the schedule.
      metrics.processingError();
      LOG.error("scrape tick failed", e);
    }
  }

  private CompletableFuture<Void> scrape(ScrapeTarget target) {
    switch (admission.offer(target)) {
      case START:
        return start(target);
      case WAIT:
        // At the cap: the target starts when a scrape ends, not a whole interval later.
        metrics.deferred();
        admission.startable().forEach(this::start);
        return CompletableFuture.completedFuture(null);
      default:
        metrics.skipped();
        return CompletableFuture.completedFuture(null);
    }
  }

  /** Scrapes a target admitted under the cap; its end admits the next waiting ones. */
  private CompletableFuture<Void> start(ScrapeTarget target) {
    dataAge.attempted(target.url(), clock.instant());
    long startNanos = System.nanoTime();
    CompletableFuture<ScrapeResponse> fetch;
    try {
      fetch = scraper.fetch(target.url());
    } catch (RuntimeException e) {
      // Not started (a pool shutting down): give the place back, or the cap shrinks for good.
      // The line is not started from here: if every fetch throws, that would recurse through it.
      admission.abandoned(target);
      metrics.processingError();
      LOG.warnf("scrape of %s not started: %s", target.url(), e.toString());
      return CompletableFuture.completedFuture(null);
    }
    return fetch.handleAsync(
        (response, error) -> {
          try {
            results.handle(target, response, error, startNanos);
          } finally {
            admission.finished(target).forEach(this::start);
          }
          return null;
        },
        processing);
  }

  private void forget(String url) {
    placements.forget(url);
    admission.forget(url);
    if (scraper != null) {
      scraper.forget(url);
    }
    processor.forgetTarget(url);
    metrics.forgetTarget(url);
    dataAge.forget(url);
    LOG.infof("target %s removed", url);
  }
}
