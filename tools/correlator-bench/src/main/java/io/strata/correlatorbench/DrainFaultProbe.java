package io.strata.correlatorbench;

import io.strata.correlatorbench.FleetShape.Workload;
import io.strata.events.incident.Incident;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;

/**
 * Faults injected while the correlator is still draining its pre-filled backlog (issue 14's "a
 * correlator that just started, or one that falls behind"): once the group has committed for the
 * first time (it is processing), XID 79s go in one a second, each on the first GPU of the first pod
 * of a workload counted from the end of the fleet's list (phase (c) counts from the start, so both
 * phases hit distinct GPUs while together they need no more faults than there are workloads). Each
 * fault's latency (injection to the incident read back, read_committed) is printed with the input
 * backlog the group had not committed at injection and when the incident was read: an incident read
 * while most of the backlog is still there was judged ahead of it.
 */
final class DrainFaultProbe {

  /**
   * One fault: {@code incident} null when it was not raised within the timeout; lags are input
   * records of the pre-fill not yet committed by the correlator's group (-1 unknown).
   */
  record Outcome(
      String gpu,
      Instant injectedAt,
      long lagAtInjection,
      Incident incident,
      Duration latency,
      long lagAtIncident) {}

  private static final Duration POLL = Duration.ofMillis(100);

  private DrainFaultProbe() {}

  /**
   * Waits for the group's first commit (at most {@code timeout}), then injects and waits for the
   * incidents, {@code timeout} from the first injection.
   */
  static List<Outcome> run(
      FleetShape fleet,
      KafkaRecordSink sink,
      String bootstrapServers,
      Admin admin,
      String groupId,
      Map<TopicPartition, Long> prefillEnds,
      int faults,
      Duration timeout)
      throws Exception {
    long waitStarted = System.nanoTime();
    while (InputTopics.committed(admin, groupId).isEmpty()) {
      if (System.nanoTime() - waitStarted > timeout.toNanos()) {
        System.out.println("# drain faults: the correlator never committed; none injected");
        return List.of();
      }
      Thread.sleep(POLL.toMillis());
    }
    List<Workload> workloads = fleet.workloads();
    int count = Math.min(faults, workloads.size());
    Map<String, Outcome> injected = new LinkedHashMap<>();
    Map<String, Outcome> raised = new HashMap<>();
    try (TopicReader incidents = new TopicReader(bootstrapServers, Topics.INCIDENTS.name())) {
      long started = System.nanoTime();
      long nextInjection = started;
      while (raised.size() < count && System.nanoTime() - started < timeout.toNanos()) {
        if (injected.size() < count && System.nanoTime() >= nextInjection) {
          Workload target = workloads.get(workloads.size() - 1 - injected.size());
          long lag = lag(admin, groupId, prefillEnds);
          String gpu = FaultProbe.inject(sink, target);
          injected.put(gpu, new Outcome(gpu, Instant.now(), lag, null, null, -1));
          System.out.println("# drain fault injected with input lag " + lag);
          nextInjection += Duration.ofSeconds(1).toNanos();
        }
        for (Incident incident : FaultProbe.poll(incidents, POLL)) {
          for (String gpu : incident.scope().gpuUuids()) {
            Outcome fault = injected.get(gpu);
            if (fault != null && !raised.containsKey(gpu)) {
              Duration latency = Duration.between(fault.injectedAt(), Instant.now());
              raised.put(
                  gpu,
                  new Outcome(
                      gpu,
                      fault.injectedAt(),
                      fault.lagAtInjection(),
                      incident,
                      latency,
                      lag(admin, groupId, prefillEnds)));
            }
          }
        }
      }
    }
    List<Outcome> outcomes = new ArrayList<>();
    injected.forEach((gpu, fault) -> outcomes.add(raised.getOrDefault(gpu, fault)));
    return outcomes;
  }

  /** Prints one line per fault and the distribution of the raised ones. */
  static void print(List<Outcome> outcomes, Duration timeout) {
    List<Long> millis = new ArrayList<>();
    long wrong = 0;
    for (int i = 0; i < outcomes.size(); i++) {
      Outcome o = outcomes.get(i);
      String line;
      if (o.incident() == null) {
        line =
            String.format(
                Locale.ROOT,
                "NOT raised within %d s; input lag at injection %d",
                timeout.toSeconds(),
                o.lagAtInjection());
      } else {
        millis.add(o.latency().toMillis());
        if (!FaultProbe.isExpected(o.incident())) {
          wrong++;
        }
        line =
            String.format(
                Locale.ROOT,
                "%d ms; input lag at injection %d, at incident %d; %s",
                o.latency().toMillis(),
                o.lagAtInjection(),
                o.lagAtIncident(),
                FaultProbe.isExpected(o.incident()) ? "ok" : "WRONG incident");
      }
      BenchMain.print("d_drain_fault_" + (i + 1), line);
    }
    BenchMain.print(
        "d_drain_faults_raised", millis.size() + " of " + outcomes.size() + ", wrong " + wrong);
    if (!millis.isEmpty()) {
      millis.sort(Long::compare);
      BenchMain.print("d_drain_fault_latency_p50_ms", FaultProbe.quantile(millis, 0.50));
      BenchMain.print("d_drain_fault_latency_p99_ms", FaultProbe.quantile(millis, 0.99));
      BenchMain.print("d_drain_fault_latency_max_ms", millis.get(millis.size() - 1));
    }
  }

  private static long lag(Admin admin, String groupId, Map<TopicPartition, Long> ends) {
    try {
      return InputTopics.lag(InputTopics.committed(admin, groupId), ends);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    } catch (Exception e) {
      return -1;
    }
  }
}
