package io.strata.simulator.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Spreads the request rate over the serving workloads (by their traffic share), over Knative
 * revisions (by the traffic split) and over routable pods, and samples each request's outcome.
 * Keeps the recent queue waits for the p50 that GET /status shows.
 */
final class RequestGenerator {

  private static final int WINDOW = 512;

  private final SplittableRandom random;
  private final Map<Workload, Double> carry = new HashMap<>();
  private final double[] recentQueueWaits = new double[WINDOW];
  private int recentCount;
  private int recentNext;
  private long served;
  private long failed;
  private long unroutable;

  RequestGenerator(SplittableRandom random) {
    this.random = random;
  }

  List<SimulatedRequest> generate(ClusterModel model, double rate, Instant from, Instant to) {
    double seconds = Duration.between(from, to).toNanos() / 1e9;
    List<SimulatedRequest> out = new ArrayList<>();
    if (seconds <= 0) {
      return out;
    }
    Map<Revision, List<Pod>> routable = new HashMap<>();
    for (Pod pod : model.pods()) {
      if (model.routable(pod)) {
        routable.computeIfAbsent(pod.revision(), r -> new ArrayList<>()).add(pod);
      }
    }
    for (Workload w : model.workloads()) {
      if (!w.servesRequests()) {
        continue;
      }
      double due = carry.getOrDefault(w, 0.0) + rate * w.trafficShare() * seconds;
      int count = (int) due;
      carry.put(w, due - count);
      for (int i = 0; i < count; i++) {
        Instant start = from.plusNanos((long) (random.nextDouble() * seconds * 1e9));
        SimulatedRequest request = one(model, w, routable, start);
        if (request == null) {
          unroutable++;
        } else {
          out.add(request);
          record(request);
        }
      }
    }
    out.sort((a, b) -> a.start().compareTo(b.start()));
    return out;
  }

  private SimulatedRequest one(
      ClusterModel model, Workload w, Map<Revision, List<Pod>> routable, Instant start) {
    if (w.paused()) {
      return null;
    }
    Revision revision = pickRevision(w);
    List<Pod> candidates = routable.getOrDefault(revision, List.of());
    if (candidates.isEmpty()) {
      return null;
    }
    Pod pod = candidates.get(random.nextInt(candidates.size()));
    Gpu gpu = model.node(pod.node()).orElseThrow().gpus().get(pod.gpuIndices().get(0));
    LatencyModel.Outcome outcome =
        LatencyModel.sample(model.conditions(pod, gpu, revision), random);
    return new SimulatedRequest(w, pod, gpu, revision, start, outcome);
  }

  private Revision pickRevision(Workload w) {
    Map<String, Integer> traffic = w.traffic();
    int total = traffic.values().stream().mapToInt(Integer::intValue).sum();
    if (total <= 0) {
      return w.revisions().get(0);
    }
    int roll = random.nextInt(total);
    for (Map.Entry<String, Integer> entry : traffic.entrySet()) {
      roll -= entry.getValue();
      if (roll < 0) {
        return w.revision(entry.getKey());
      }
    }
    return w.revisions().get(0);
  }

  private void record(SimulatedRequest request) {
    served++;
    if (request.outcome().failure() != RequestFailure.NONE) {
      failed++;
    }
    recentQueueWaits[recentNext] = request.outcome().stages().queueWaitMs();
    recentNext = (recentNext + 1) % WINDOW;
    recentCount = Math.min(WINDOW, recentCount + 1);
  }

  double queueWaitP50Ms() {
    if (recentCount == 0) {
      return 0;
    }
    double[] copy = Arrays.copyOf(recentQueueWaits, recentCount);
    Arrays.sort(copy);
    return Math.round(copy[(recentCount - 1) / 2] * 10) / 10.0;
  }

  long served() {
    return served;
  }

  long failed() {
    return failed;
  }

  long unroutable() {
    return unroutable;
  }
}
