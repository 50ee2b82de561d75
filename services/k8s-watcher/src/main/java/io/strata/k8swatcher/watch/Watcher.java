package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.k8swatcher.config.K8sWatcherConfig;
import io.strata.k8swatcher.dra.ClaimMapper;
import io.strata.k8swatcher.dra.DeviceCatalog;
import io.strata.k8swatcher.dra.DraApiVersion;
import io.strata.k8swatcher.dra.DraVersionSelector;
import io.strata.k8swatcher.kafka.KafkaPublisher;
import io.strata.k8swatcher.kafka.RepublishRequests;
import io.strata.k8swatcher.mapping.EventMapper;
import io.strata.k8swatcher.mapping.EventSelection;
import io.strata.k8swatcher.mapping.GpuResources;
import io.strata.k8swatcher.mapping.NodeMapper;
import io.strata.k8swatcher.mapping.PodInterest;
import io.strata.k8swatcher.mapping.PodMapper;
import io.strata.k8swatcher.reconcile.CompactedTopicReader;
import io.strata.k8swatcher.reconcile.StaleKeys;
import io.strata.kafka.quarkus.KafkaClientSecurity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Starts the informers at startup, wires their notifications to the emitter ({@link
 * NotificationRoutes}), and schedules the full republishes the publisher asks for ({@link
 * CacheRepublisher}). Nothing here maps objects or talks to Kafka itself.
 */
@ApplicationScoped
public class Watcher {

  private static final Logger LOG = Logger.getLogger(Watcher.class);

  @Inject KubernetesClient client;
  @Inject K8sWatcherConfig config;
  @Inject KafkaPublisher publisher;
  @Inject RepublishRequests republishRequests;
  @Inject Clock clock;
  @Inject MeterRegistry registry;

  @ConfigProperty(name = "kafka.bootstrap.servers")
  String bootstrapServers;

  private volatile ClusterCaches caches;
  private volatile StateEmitter emitter;
  private final CompletableFuture<Void> startupReconciled = new CompletableFuture<>();
  private volatile CacheRepublisher cacheRepublisher;
  private ScheduledExecutorService republisher;

  void onStart(@Observes StartupEvent event) {
    DraApiVersion draVersion =
        DraVersionSelector.select(config.dra().apiVersion(), this::servedResources);
    LOG.infof(
        "watching cluster %s, namespaces %s, DRA %s",
        config.cluster(),
        config.namespaces().map(Object::toString).orElse("all"),
        draVersion == DraApiVersion.NONE ? "not watched" : draVersion.groupVersion());
    WatchMetrics metrics = new WatchMetrics(registry);
    caches = new InformerFactory(client, config).build(draVersion);
    emitter =
        new StateEmitter(mappers(), caches, new DeviceCatalog(), publisher::offer, clock, metrics);
    new NotificationRoutes(emitter, metrics).attach(caches);
    cacheRepublisher = new CacheRepublisher(caches, emitter, metrics);
    republisher =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "strata-k8s-watcher-republisher");
              thread.setDaemon(true);
              return thread;
            });
    caches
        .start()
        .whenComplete(
            (ok, error) -> {
              if (error != null) {
                LOG.errorf(error, "informers did not start");
              } else {
                LOG.info("informers synced: full state published");
                if (config.reconcileOnStart()) {
                  republisher.execute(
                      () -> {
                        reconcileQuietly();
                        startupReconciled.complete(null);
                      });
                } else {
                  startupReconciled.complete(null);
                }
              }
            });
    long period = config.publisher().republishCheck().toMillis();
    republisher.scheduleWithFixedDelay(
        this::republishRequested, period, period, TimeUnit.MILLISECONDS);
  }

  void onStop(@Observes ShutdownEvent event) {
    if (republisher != null) {
      republisher.shutdownNow();
    }
    if (caches != null) {
      caches.stop();
    }
  }

  /**
   * Completes once the informers have synced and the reconcile-on-start (when enabled) has run, so
   * a caller that reconciles on its own does not race the startup one.
   */
  public CompletableFuture<Void> startupReconciled() {
    return startupReconciled;
  }

  /** Per informer: synced or not. Empty before startup. */
  public Map<String, Boolean> synced() {
    ClusterCaches current = caches;
    if (current == null) {
      return Map.of();
    }
    return current.all().stream()
        .collect(
            Collectors.toMap(ScopedInformers::resource, ScopedInformers::synced, (a, b) -> a && b));
  }

  public DraApiVersion draVersion() {
    ClusterCaches current = caches;
    return current == null ? DraApiVersion.NONE : current.draVersion();
  }

  /**
   * Tombstones the keys of this cluster that are live on the compacted topics but whose objects are
   * gone: deletions that happened while no watcher ran. Returns the count per topic.
   */
  public Map<String, Integer> reconcileStaleKeys() {
    CompactedTopicReader reader =
        new CompactedTopicReader(
            bootstrapServers,
            KafkaClientSecurity.fromConfig(),
            config.publisher().deliveryTimeout());
    Map<String, Integer> tombstoned = new TreeMap<>();
    tombstoned.put(
        Topics.K8S_PODS.name(),
        tombstoneStale(Topics.K8S_PODS, reader, emitter::currentPodKeys, true));
    tombstoned.put(
        Topics.K8S_NODES.name(),
        tombstoneStale(Topics.K8S_NODES, reader, emitter::currentNodeKeys, false));
    if (caches.draVersion() != DraApiVersion.NONE) {
      tombstoned.put(
          Topics.K8S_CLAIMS.name(),
          tombstoneStale(Topics.K8S_CLAIMS, reader, emitter::currentClaimKeys, true));
    }
    LOG.infof("reconciled compacted topics with the cluster: tombstoned %s", tombstoned);
    return tombstoned;
  }

  /** Reads the topic first, then the caches: an object created in between is never tombstoned. */
  private int tombstoneStale(
      Topic<String, ?> topic,
      CompactedTopicReader reader,
      Supplier<Set<String>> current,
      boolean namespaced) {
    Set<String> live = reader.liveKeys(topic.name());
    Set<String> stale =
        StaleKeys.of(live, current.get(), config.cluster(), namespaced, config.namespaces());
    stale.forEach(key -> emitter.tombstone(topic, key));
    return stale.size();
  }

  private void reconcileQuietly() {
    try {
      reconcileStaleKeys();
    } catch (RuntimeException e) {
      LOG.errorf(
          e, "could not reconcile the compacted topics; stale keys stay until the next start");
    }
  }

  /** Publishes the full current state of the requested topics from the caches. */
  void republishRequested() {
    Set<String> topics = republishRequests.take();
    CacheRepublisher current = cacheRepublisher;
    if (topics.isEmpty() || current == null) {
      return;
    }
    current.republish(topics);
  }

  private StateEmitter.Mappers mappers() {
    GpuResources gpus = new GpuResources(config.gpuResources());
    String cluster = config.cluster();
    return new StateEmitter.Mappers(
        cluster,
        new PodInterest(gpus, config.pods().namespacesOfInterest().orElse(List.of())),
        new PodMapper(cluster, gpus, config.pods().modelVersionKeys(), config.pods().queueKey()),
        new NodeMapper(
            cluster,
            gpus,
            config.nodes().acceleratorLabel(),
            config.nodes().labels(),
            config.nodes().toleratedTaintKeys()),
        new ClaimMapper(cluster),
        new EventMapper(cluster),
        new EventSelection(config.events().reasons()));
  }

  /** API discovery: the resource names a group version serves; empty when it is not served. */
  private Set<String> servedResources(String groupVersion) {
    try {
      APIResourceList list = client.getApiResources(groupVersion);
      if (list == null || list.getResources() == null) {
        return Set.of();
      }
      return list.getResources().stream().map(APIResource::getName).collect(Collectors.toSet());
    } catch (KubernetesClientException e) {
      LOG.debugf("discovery of %s: %s", groupVersion, e.getMessage());
      return Set.of();
    }
  }
}
