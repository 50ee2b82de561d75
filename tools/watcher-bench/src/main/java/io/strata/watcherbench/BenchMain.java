package io.strata.watcherbench;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.localkafka.LocalKafka;
import io.strata.simulator.k8s.MockKubernetesApi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * k8s-watcher's informer caches at fleet scale (issue 14), one run: seed the mock API server, start
 * a broker, then run the packaged watcher once per mode (whole objects cached, trimmed caches, and
 * optionally trimmed under the heap a deployment is given) and print, per run, the time to the
 * first full sync, the time until everything was published, and the heap after GC. Figures are
 * {@code key=value} lines on stdout; progress lines start with {@code #}.
 */
public final class BenchMain {

  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    BenchOptions options = BenchOptions.parse(args);
    Path work = Files.createTempDirectory("watcher-bench-");
    print("date", Instant.now().toString());
    print("cpus", Runtime.getRuntime().availableProcessors());
    print("java", System.getProperty("java.vm.version"));
    // Kept after the run: the watchers' logs and the broker's data (delete it when done).
    print("work_dir", work);
    String bootstrap = startBroker(work);
    try (MockKubernetesApi api = MockKubernetesApi.start("127.0.0.1", 0);
        KubernetesClient client = api.newClient();
        PublishedCounts published = new PublishedCounts(bootstrap)) {
      FleetShape shape =
          new FleetShape(options.nodes(), options.gpusPerNode(), options.eventsPerPod());
      long seedStart = System.nanoTime();
      FleetSeeder.Counts counts = new FleetSeeder(client, shape).seed();
      print("seed_seconds", seconds(Duration.ofNanos(System.nanoTime() - seedStart)));
      print("nodes", counts.nodes());
      print("resourceslices", counts.slices());
      print("replicasets", counts.replicaSets());
      print("jobs", counts.jobs());
      print("pods", counts.pods());
      print("resourceclaims", counts.claims());
      print("events", counts.events());
      List<Run> runs = new ArrayList<>();
      runs.add(new Run("whole", false, options.heap()));
      runs.add(new Run("trimmed", true, options.heap()));
      options.deployHeap().ifPresent(heap -> runs.add(new Run("trimmed_deploy", true, heap)));
      for (Run run : runs) {
        measure(run, options, api.url(), bootstrap, published, counts, work);
      }
    }
    System.exit(0);
  }

  record Run(String name, boolean trim, String heap) {}

  private static void measure(
      Run run,
      BenchOptions options,
      String apiServer,
      String bootstrap,
      PublishedCounts published,
      FleetSeeder.Counts counts,
      Path work)
      throws Exception {
    Map<String, Long> before = published.now();
    Map<String, Long> expected =
        Map.of(
            PublishedCounts.TOPICS.get(0), (long) counts.pods(),
            PublishedCounts.TOPICS.get(1), (long) counts.nodes(),
            PublishedCounts.TOPICS.get(2), (long) counts.claims(),
            PublishedCounts.TOPICS.get(3), (long) counts.events());
    try (WatcherProcess watcher =
        WatcherProcess.start(
            options.watcherJar(),
            apiServer,
            bootstrap,
            run.trim(),
            run.heap(),
            work.resolve(run.name() + ".log"))) {
      String prefix = run.name() + "_";
      print(prefix + "xmx", run.heap());
      Duration synced = watcher.awaitSynced(Duration.ofMinutes(15));
      print(prefix + "first_full_sync_seconds", seconds(synced));
      awaitPublished(published, before, expected, watcher);
      print(prefix + "all_published_seconds", seconds(watcher.sinceStart()));
      print(prefix + "cpu_seconds", seconds(watcher.cpu()));
      long heap = watcher.heapAfterGc();
      print(prefix + "heap_after_gc_mib", String.format(Locale.ROOT, "%.1f", heap / 1048576.0));
    }
  }

  /** Until each topic grew by at least one record per object (or the watcher died). */
  private static void awaitPublished(
      PublishedCounts published,
      Map<String, Long> before,
      Map<String, Long> expected,
      WatcherProcess watcher)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofMinutes(15).toNanos();
    while (true) {
      Map<String, Long> now = published.now();
      boolean done =
          expected.entrySet().stream()
              .allMatch(
                  e ->
                      now.getOrDefault(e.getKey(), 0L) - before.getOrDefault(e.getKey(), 0L)
                          >= e.getValue());
      if (done) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("not everything was published: " + now + " from " + before);
      }
      Thread.sleep(250);
    }
  }

  /** tools/local-kafka's broker on a daemon thread of this JVM; its shutdown hook stops it. */
  private static String startBroker(Path work) throws Exception {
    Path ready = work.resolve("kafka.ready");
    String port = Integer.toString(freePort());
    String controller = Integer.toString(freePort());
    Thread broker =
        new Thread(
            () -> {
              try {
                LocalKafka.main(
                    new String[] {
                      "--data-dir",
                      work.resolve("kafka").toString(),
                      "--port",
                      port,
                      "--controller-port",
                      controller,
                      "--ready-file",
                      ready.toString()
                    });
              } catch (Exception e) {
                throw new IllegalStateException("the broker failed", e);
              }
            },
            "local-kafka");
    broker.setDaemon(true);
    broker.start();
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (!Files.exists(ready)) {
      if (!broker.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException("the broker did not start");
      }
      Thread.sleep(200);
    }
    return Files.readString(ready).trim();
  }

  private static int freePort() throws java.io.IOException {
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.1f", duration.toMillis() / 1000.0);
  }

  private static void print(String key, Object value) {
    System.out.println(key + "=" + value);
  }
}
