package io.strata.correlatorbench;

import io.strata.events.incident.Incident;
import io.strata.events.topic.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.TopicPartition;

/**
 * The correlator at fleet scale, one run on one fresh broker (issue 13, "Benchmarks"): pre-fill,
 * (a) a plain consumer, (b) the packaged correlator until its lag is zero, (c) a fault mid-stream,
 * and with {@code --faults-during-drain} (d) faults injected while (b) still drains. Figures go to
 * stdout one {@code key=value} per line, progress as {@code #} lines; the last line is {@code
 * ratio=<b/a>}.
 */
public final class BenchMain {

  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    BenchOptions options;
    try {
      options = BenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("correlator-bench: " + e.getMessage());
      System.exit(2);
      return;
    }
    boolean temporary = options.workDir() == null;
    Path workDir =
        temporary
            ? Files.createTempDirectory("correlator-bench-")
            : Files.createDirectories(options.workDir());
    try {
      run(options, workDir);
    } finally {
      if (temporary) {
        deleteTree(workDir);
      }
    }
  }

  private static void run(BenchOptions options, Path workDir) throws Exception {
    FleetShape fleet = FleetShape.of(options.gpus());
    LoadGenerator generator =
        new LoadGenerator(fleet, System.currentTimeMillis(), options.requestsPerGpu());
    print("gpus", fleet.gpuCount());
    print("nodes", fleet.nodes().size());
    print("workloads", fleet.workloads().size());
    print("pods", fleet.pods().size());
    print("cluster_seconds", options.seconds());
    try (LocalBroker broker = LocalBroker.start(workDir, options.brokerHeap());
        Admin admin =
            Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
        KafkaRecordSink sink = new KafkaRecordSink(broker.bootstrapServers())) {
      prefill(options, generator, sink);
      Map<TopicPartition, Long> ends = InputTopics.endOffsets(admin, InputTopics.names());
      long total = InputTopics.sum(ends);
      print("prefill_records", total);

      PlainConsumerRun.Result plain = PlainConsumerRun.run(broker.bootstrapServers(), ends);
      print("a_plain_consumer_records", plain.records());
      print("a_plain_consumer_seconds", plain.seconds());
      print("a_plain_consumer_records_per_s", plain.perSecond());
      for (FloorApp.Variant variant : options.floors()) {
        floor(variant, options, broker, admin, ends, workDir, plain);
      }

      String applicationId = "bench-correlator-" + UUID.randomUUID();
      CorrelatorRun.Result drain;
      try (CorrelatorProcess correlator =
          CorrelatorProcess.start(
              options.correlatorJar(),
              broker.bootstrapServers(),
              applicationId,
              workDir,
              options.jfr(),
              options.correlatorHeap(),
              options.correlatorJvmOptions(),
              options.correlatorProperties())) {
        CompletableFuture<List<DrainFaultProbe.Outcome>> drainFaults =
            options.faultsDuringDrain() == 0
                ? CompletableFuture.completedFuture(List.of())
                : drainFaults(options, fleet, sink, broker, admin, applicationId, ends);
        drain = CorrelatorRun.drain(correlator, admin, ends, options.maxSeconds());
        drain.print();
        if (options.faultsDuringDrain() > 0) {
          List<DrainFaultProbe.Outcome> outcomes = drainFaults.get();
          DrainFaultProbe.print(outcomes, Duration.ofSeconds(options.faultSeconds()));
          // As phase (c) does: a GPU that raised XID 79 reports health FAIL from then on.
          outcomes.forEach(o -> generator.markFailing(o.gpu()));
        }
        BrokerWrites.print(admin, applicationId, drain.processed(), correlator.metricsPage());
        try (TopicReader incidents =
            new TopicReader(broker.bootstrapServers(), Topics.INCIDENTS.name())) {
          print("b_incidents_raised", incidents.readAvailable().size());
          if (drain.drained()) {
            fault(generator, sink, incidents, options);
          } else {
            print("c_fault", "skipped (the correlator did not drain)");
          }
        }
        print("b_rss_peak_mib", correlator.peakRssBytes() / 1048576.0);
      }
      print("dead_letters", count(broker, Topics.DEADLETTER.name()));
      // The correlator's ownership checks: a consistent healthy mix (DRA labels included) gives 0.
      print("device_findings", count(broker, Topics.DEVICE_FINDINGS.name()));
      if (options.jfr() != null) {
        print("jfr", options.jfr().toAbsolutePath());
      }
      print("drained", drain.drained());
      print(
          "ratio_after_first_commit", drain.recordsPerSecondAfterFirstCommit() / plain.perSecond());
      print("ratio", drain.recordsPerSecond() / plain.perSecond());
    }
  }

  /** One floor application drained like (b), its rate set against (a) of the same run. */
  private static void floor(
      FloorApp.Variant variant,
      BenchOptions options,
      LocalBroker broker,
      Admin admin,
      Map<TopicPartition, Long> ends,
      Path workDir,
      PlainConsumerRun.Result plain)
      throws Exception {
    String prefix = "floor_" + variant.name().toLowerCase(Locale.ROOT);
    try (FloorProcess floor =
        FloorProcess.start(
            variant,
            broker.bootstrapServers(),
            "bench-" + prefix.replace('_', '-') + "-" + UUID.randomUUID(),
            workDir,
            options.correlatorHeap(),
            options.correlatorJvmOptions())) {
      CorrelatorRun.Result drain = CorrelatorRun.drain(floor, admin, ends, options.maxSeconds());
      drain.printAs(prefix);
      print(prefix + "_drained", drain.drained());
      print(prefix + "_ratio", drain.recordsPerSecond() / plain.perSecond());
    }
  }

  /** Phase (d) on its own thread, alongside the drain watch of the main thread. */
  private static CompletableFuture<List<DrainFaultProbe.Outcome>> drainFaults(
      BenchOptions options,
      FleetShape fleet,
      KafkaRecordSink sink,
      LocalBroker broker,
      Admin admin,
      String applicationId,
      Map<TopicPartition, Long> ends) {
    CompletableFuture<List<DrainFaultProbe.Outcome>> result = new CompletableFuture<>();
    Thread probe =
        new Thread(
            () -> {
              try {
                result.complete(
                    DrainFaultProbe.run(
                        fleet,
                        sink,
                        broker.bootstrapServers(),
                        admin,
                        applicationId,
                        ends,
                        options.faultsDuringDrain(),
                        Duration.ofSeconds(options.faultSeconds())));
              } catch (Exception | Error e) {
                result.completeExceptionally(e);
              }
            },
            "drain-fault-probe");
    probe.setDaemon(true);
    probe.start();
    return result;
  }

  private static void prefill(BenchOptions options, LoadGenerator generator, KafkaRecordSink sink) {
    Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(options.seconds());
    long began = System.nanoTime();
    generator.kubernetesState(sink, start);
    for (int s = 0; s < options.seconds(); s++) {
      generator.second(sink, start.plusSeconds(s));
      if ((s + 1) % 30 == 0) {
        System.out.printf(
            Locale.ROOT,
            "# prefill: %d/%d cluster seconds, %d records, %.0f s%n",
            s + 1,
            options.seconds(),
            sink.sent(),
            (System.nanoTime() - began) / 1e9);
      }
    }
    sink.flush();
    print("prefill_cluster_time", start + " .. " + start.plusSeconds(options.seconds()));
    print("prefill_seconds", (System.nanoTime() - began) / 1e9);
  }

  private static void fault(
      LoadGenerator generator, KafkaRecordSink sink, TopicReader incidents, BenchOptions options)
      throws InterruptedException {
    List<FaultProbe.Outcome> outcomes =
        FaultProbe.run(
            generator,
            sink,
            incidents,
            options.faults(),
            Duration.ofSeconds(options.faultSeconds()));
    FaultProbe.Outcome first = outcomes.get(0);
    if (first.incident() == null) {
      print("c_fault", "NOT raised within " + options.faultSeconds() + " s");
    } else {
      Incident incident = first.incident();
      print("c_fault_incident_class", incident.incidentClass());
      print("c_fault_trigger", incident.trigger().signal() + " " + incident.trigger().value());
      print("c_fault_scope_gpus", incident.scope().gpuUuids());
      print("c_fault_latency_ms", first.latency().toMillis());
      print("c_fault", FaultProbe.isExpected(incident) ? "ok" : "WRONG incident");
    }
    if (outcomes.size() > 1) {
      List<Long> millis =
          outcomes.stream()
              .filter(o -> o.incident() != null)
              .map(o -> o.latency().toMillis())
              .sorted()
              .toList();
      long wrong =
          outcomes.stream()
              .filter(o -> o.incident() != null && !FaultProbe.isExpected(o.incident()))
              .count();
      print("c_faults_raised", millis.size() + " of " + outcomes.size() + ", wrong " + wrong);
      if (!millis.isEmpty()) {
        print("c_fault_latency_p50_ms", FaultProbe.quantile(millis, 0.50));
        print("c_fault_latency_p99_ms", FaultProbe.quantile(millis, 0.99));
        print("c_fault_latency_max_ms", millis.get(millis.size() - 1));
      }
    }
  }

  private static int count(LocalBroker broker, String topic) {
    try (TopicReader reader = new TopicReader(broker.bootstrapServers(), topic)) {
      return reader.readAvailable().size();
    }
  }

  static void print(String key, Object value) {
    String text =
        value instanceof Double d
            ? String.format(Locale.ROOT, Math.abs(d) >= 100 ? "%.0f" : "%.4g", d)
            : String.valueOf(value);
    System.out.println(key + "=" + text);
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
