package io.strata.traceingest.bench;

import io.strata.embeddedkafka.KafkaProvider;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.topic.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * Load client of docs/benchmarks.md: OTLP/HTTP protobuf into a real trace-ingest JVM (the built
 * quarkus-run.jar, bounded heap) that publishes to a real broker. Reports spans/s and spans per
 * CPU-second of the service process (= spans/s per core), and checks that every span answered 200
 * is in Kafka exactly once. Not a test: run it with the command in docs/benchmarks.md.
 *
 * <p>System properties: bench.seconds (30), bench.warmup (10), bench.connections (4), bench.spans
 * (510 per request), bench.heap (256m), bench.jar (target/quarkus-app/quarkus-run.jar).
 */
public final class OtlpLoadBenchmark {

  private OtlpLoadBenchmark() {}

  public static void main(String[] args) throws Exception {
    int seconds = Integer.getInteger("bench.seconds", 30);
    int warmup = Integer.getInteger("bench.warmup", 10);
    int connections = Integer.getInteger("bench.connections", 4);
    int spansPerRequest = Integer.getInteger("bench.spans", 510);
    String heap = System.getProperty("bench.heap", "256m");
    Path jar = Path.of(System.getProperty("bench.jar", "target/quarkus-app/quarkus-run.jar"));
    List<byte[]> bodies = LoadBodies.create(64, spansPerRequest, 42);
    int spansPerBody = spansPerRequest / 6 * 6;

    try (TestKafka kafka = KafkaProvider.EMBEDDED.start(1);
        ServiceProcess service =
            ServiceProcess.start(
                jar,
                kafka.bootstrapServers(),
                heap,
                Files.createTempFile("trace-ingest-bench", ".log"))) {
      URI endpoint = URI.create("http://localhost:" + service.httpPort() + "/v1/traces");
      Load load = new Load(endpoint, bodies, spansPerBody, connections);
      load.start();
      pause(warmup);
      Load.Counts before = load.counts();
      Duration cpuBefore = service.cpuTime();
      long start = System.nanoTime();
      load.latencies.reset();
      pause(seconds);
      Load.Counts after = load.counts();
      Duration cpu = service.cpuTime().minus(cpuBefore);
      double wall = (System.nanoTime() - start) / 1e9;
      var latency = load.latencies.getIntervalHistogram();
      load.stop();

      long spans = after.acceptedSpans() - before.acceptedSpans();
      double cpuSeconds = cpu.toNanos() / 1e9;
      long inKafka = recordsIn(kafka.bootstrapServers());
      Load.Counts total = load.counts();
      System.out.printf(
          "trace-ingest OTLP/HTTP protobuf -> Kafka: %d connections, %d spans/request, heap %s%n",
          connections, spansPerBody, heap);
      System.out.printf("window            %.1f s (after %d s warm-up)%n", wall, warmup);
      System.out.printf(
          "throughput        %.0f spans/s (%.0f requests/s)%n",
          spans / wall, (after.requests() - before.requests()) / wall);
      System.out.printf("service CPU       %.2f cores busy on average%n", cpuSeconds / wall);
      System.out.printf(
          "per core          %.0f spans per CPU-second of the service%n", spans / cpuSeconds);
      System.out.printf(
          "latency (ms)      p50 %.1f  p99 %.1f  max %.1f%n",
          latency.getValueAtPercentile(50) / 1e6,
          latency.getValueAtPercentile(99) / 1e6,
          latency.getMaxValue() / 1e6);
      System.out.printf(
          "refused           %d (429/503), errors %d%n", total.refused(), total.errors());
      System.out.printf("service peak RSS  %d MiB%n", service.peakRssMib());
      System.out.printf(
          "exactly once      %d spans answered 200, %d records on %s: %s%n",
          total.acceptedSpans(),
          inKafka,
          Topics.TRACE_SPANS.name(),
          total.acceptedSpans() == inKafka ? "OK" : "MISMATCH");
    }
  }

  private static long recordsIn(String bootstrap) throws Exception {
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
      for (int p = 0; p < Topics.TRACE_SPANS.defaultPartitions(); p++) {
        latest.put(new TopicPartition(Topics.TRACE_SPANS.name(), p), OffsetSpec.latest());
      }
      return admin.listOffsets(latest).all().get().values().stream()
          .mapToLong(info -> info.offset())
          .sum();
    }
  }

  private static void pause(int seconds) throws InterruptedException {
    Thread.sleep(seconds * 1000L);
  }

  /** Closed-loop clients: each connection posts the next body as soon as the last is answered. */
  private static final class Load {
    record Counts(long requests, long acceptedSpans, long refused, long errors) {}

    private final URI endpoint;
    private final List<byte[]> bodies;
    private final int spansPerBody;
    private final int connections;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final LongAdder requests = new LongAdder();
    private final LongAdder acceptedSpans = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final Recorder latencies = new Recorder(3);
    private final List<Thread> threads = new ArrayList<>();

    Load(URI endpoint, List<byte[]> bodies, int spansPerBody, int connections) {
      this.endpoint = endpoint;
      this.bodies = bodies;
      this.spansPerBody = spansPerBody;
      this.connections = connections;
    }

    void start() {
      for (int i = 0; i < connections; i++) {
        int offset = i;
        Thread thread = new Thread(() -> run(offset), "otlp-load-" + i);
        threads.add(thread);
        thread.start();
      }
    }

    void stop() throws InterruptedException {
      running.set(false);
      for (Thread thread : threads) {
        thread.join();
      }
    }

    Counts counts() {
      return new Counts(requests.sum(), acceptedSpans.sum(), refused.sum(), errors.sum());
    }

    private void run(int offset) {
      HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      int next = offset;
      while (running.get()) {
        byte[] body = bodies.get(next++ % bodies.size());
        HttpRequest request =
            HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/x-protobuf")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        long started = System.nanoTime();
        try {
          int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
          latencies.recordValue(System.nanoTime() - started);
          requests.increment();
          if (status == 200) {
            acceptedSpans.add(spansPerBody);
          } else if (status == 429 || status == 503) {
            refused.increment();
          } else {
            errors.increment();
          }
        } catch (java.io.IOException e) {
          errors.increment();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }
}
