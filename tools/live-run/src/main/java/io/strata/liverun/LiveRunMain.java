package io.strata.liverun;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The probe of tools/live-run/run: reads the running system every interval, injects XID 79 on
 * distinct GPUs late in the run, prints each figure as it comes and the summary at the end, and
 * writes all of it as JSON. It starts nothing: bin/strata runs the system.
 */
public final class LiveRunMain {

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private LiveRunMain() {}

  public static void main(String[] args) throws Exception {
    Options options = Options.parse(args);
    List<ProcessProbe> processes = new ArrayList<>();
    processes.add(new ProcessProbe("kafka", options.pidDir().resolve("kafka.pid"), null));
    processes.add(new ProcessProbe("simulator", options.pidDir().resolve("simulator.pid"), null));
    options
        .services()
        .forEach(
            (name, port) ->
                processes.add(
                    new ProcessProbe(
                        name,
                        options.pidDir().resolve(name + ".pid"),
                        URI.create("http://127.0.0.1:" + port + "/q/metrics"))));
    ReaderWarmup.run();
    List<Tick> ticks = new ArrayList<>();
    List<Injection> injections = new ArrayList<>();
    try (KafkaProbe kafka = new KafkaProbe(options.bootstrap());
        FirstSight xids = FirstSight.xid79s(options.bootstrap());
        FirstSight watch = FirstSight.incidents(options.bootstrap())) {
      long start = System.currentTimeMillis();
      Reading previous = read(kafka, processes);
      int nextInjection = 1;
      long nextInjectionAt = start + options.firstInjectionSecond() * 1000L;
      long nextTickAt = start + options.everySeconds() * 1000L;
      String reportedFailure = null;
      long end = start + options.durationSeconds() * 1000L;
      List<Pending> pending = new ArrayList<>();
      while (System.currentTimeMillis() < end || !pending.isEmpty()) {
        long now = System.currentTimeMillis();
        if (nextInjection <= options.injections() && now >= nextInjectionAt) {
          pending.add(inject(options, List.of(xids, watch), nextInjection, start));
          nextInjection++;
          nextInjectionAt += options.spacingSeconds() * 1000L;
        }
        for (Pending p : List.copyOf(pending)) {
          FirstSight.Seen seen = p.node == null ? null : watch.seen(p.node);
          FirstSight.Seen xid = p.node == null ? null : xids.seen(p.node);
          boolean expired = now - p.atMillis > options.waitSeconds() * 1000L;
          // Both readers, so a slow XID reader cannot leave the split out of the percentiles.
          if ((seen != null && xid != null) || expired || p.node == null) {
            Injection done =
                new Injection(
                    p.number,
                    (p.atMillis - start) / 1000,
                    p.gpu,
                    p.node,
                    seen == null ? null : seen.recordId(),
                    seen == null ? null : seen.seenAtMillis() - p.atMillis,
                    seen == null ? null : seen.recordTimestampMillis() - p.atMillis,
                    xid == null ? null : xid.seenAtMillis() - p.atMillis);
            injections.add(done);
            pending.remove(p);
            System.out.println(
                "[+"
                    + (now - start) / 1000
                    + "s] xid-79 #"
                    + done.number()
                    + " on "
                    + done.node()
                    + " "
                    + done.gpuUuid()
                    + " -> "
                    + (seen == null
                        ? "NO incident within " + options.waitSeconds() + " s"
                        : "incident " + seen.recordId() + " after " + Report.split(done)));
          }
        }
        if (now >= nextTickAt) {
          Reading current = read(kafka, processes);
          Tick tick = Tick.between(previous, current, start, options.clockTicks());
          ticks.add(tick);
          Report.lines(tick).forEach(System.out::println);
          previous = current;
          nextTickAt += options.everySeconds() * 1000L;
        }
        String failure = watch.failure() != null ? watch.failure() : xids.failure();
        if (watch.failure() != null && xids.failure() != null) {
          failure = watch.failure() + "; " + xids.failure();
        }
        if (failure != null && !failure.equals(reportedFailure)) {
          System.out.println("reader failed: " + failure); // once per distinct failure
          reportedFailure = failure;
        }
        Thread.sleep(50);
      }
      // The last interval ends with the run, so the table covers the whole duration.
      if (System.currentTimeMillis() - previous.atMillis() >= 1_000 || ticks.isEmpty()) {
        Tick tick = Tick.between(previous, read(kafka, processes), start, options.clockTicks());
        ticks.add(tick);
        Report.lines(tick).forEach(System.out::println);
      }
    }
    Report.Summary summary = Report.summarise(options.gpus(), ticks, injections);
    System.out.println();
    Report.table(summary, injections).forEach(System.out::println);
    Map<String, Object> file = new LinkedHashMap<>();
    file.put("summary", summary);
    file.put("injections", injections);
    file.put("ticks", ticks);
    JSON.writeValue(options.out().toFile(), file);
    System.out.println("\nwritten: " + options.out());
  }

  /** An injection waiting for its incident. */
  private record Pending(int number, long atMillis, String gpu, String node) {}

  private static Pending inject(Options options, List<FirstSight> watches, int number, long start)
      throws InterruptedException {
    long at = System.currentTimeMillis();
    try {
      // The node is only known from the answer, so the watches are armed after it, with the time
      // taken before the call: the answer takes milliseconds, an incident at least one scrape.
      HttpResponse<String> response =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(options.control() + "/faults/xid-79"))
                  .POST(HttpRequest.BodyPublishers.noBody())
                  .timeout(Duration.ofSeconds(10))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        System.out.println(
            "xid-79 #"
                + number
                + ": the simulator answered "
                + response.statusCode()
                + " "
                + response.body());
        return new Pending(number, at, null, null);
      }
      Map<?, ?> body = JSON.readValue(response.body(), Map.class);
      String node = String.valueOf(body.get("node"));
      watches.forEach(w -> w.expect(node, at));
      System.out.println(
          "[+"
              + (at - start) / 1000
              + "s] xid-79 #"
              + number
              + " injected on "
              + node
              + " "
              + body.get("gpu_uuid"));
      return new Pending(number, at, String.valueOf(body.get("gpu_uuid")), node);
    } catch (java.io.IOException e) {
      System.out.println("xid-79 #" + number + ": " + e);
      return new Pending(number, at, null, null);
    }
  }

  private static Reading read(KafkaProbe kafka, List<ProcessProbe> processes) throws Exception {
    Map<String, Long> cpu = new LinkedHashMap<>();
    Map<String, List<PromText.Series>> metrics = new LinkedHashMap<>();
    KafkaProbe.Snapshot snapshot = kafka.snapshot();
    long at = System.currentTimeMillis();
    for (ProcessProbe p : processes) {
      p.cpuTicks().ifPresent(t -> cpu.put(p.name(), t));
      if (p.isService()) {
        metrics.put(p.name(), p.metrics());
      }
    }
    return new Reading(at, snapshot, cpu, metrics);
  }
}
