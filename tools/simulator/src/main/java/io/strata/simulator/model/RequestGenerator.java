package io.strata.simulator.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Spreads the request rate over the serving workloads (by their traffic share), over Knative
 * revisions (by the traffic split) and over routable pods, and samples each request's outcome.
 *
 * <p>A request that finds no pod to take it (its workload paused, or no routable pod of its
 * revision) waits in the workload's queue, as a router or queue-proxy buffers it, and is served
 * when a pod can take it again: its queue wait then includes the time it was held. A client gives
 * up after {@link #HOLD_TIMEOUT}; such requests are counted, not traced, since no pod served them.
 * Keeps the recent queue waits for the p50 that GET /status shows.
 */
final class RequestGenerator {

  /** How long a held request's client waits before giving up (a common gateway timeout). */
  static final Duration HOLD_TIMEOUT = Duration.ofSeconds(30);

  /** Bound of the held queue; arrivals beyond it are turned away at once (counted timed out). */
  static final int MAX_HELD = 100_000;

  private static final int WINDOW = 512;

  private record Held(Workload workload, Revision revision, Instant arrival) {}

  private final SplittableRandom random;
  private final Map<Workload, Double> carry = new HashMap<>();
  private final double[] recentQueueWaits = new double[WINDOW];
  private int recentCount;
  private int recentNext;
  private long served;
  private long failed;
  private long unroutable;
  private long timedOut;
  private final ArrayDeque<Held> held = new ArrayDeque<>();

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
    release(model, routable, from, to, seconds, out);
    for (Workload w : model.workloads()) {
      if (!w.servesRequests()) {
        continue;
      }
      double due = carry.getOrDefault(w, 0.0) + rate * w.trafficShare() * seconds;
      int count = (int) due;
      carry.put(w, due - count);
      for (int i = 0; i < count; i++) {
        Instant start = from.plusNanos((long) (random.nextDouble() * seconds * 1e9));
        Revision revision = pickRevision(w);
        SimulatedRequest request = w.paused() ? null : serve(model, w, revision, routable, start);
        if (request == null) {
          unroutable++;
          hold(new Held(w, revision, start));
        } else {
          out.add(request);
          record(request);
        }
      }
    }
    out.sort((a, b) -> a.start().compareTo(b.start()));
    return out;
  }

  private void hold(Held request) {
    if (held.size() >= MAX_HELD) {
      timedOut++;
    } else {
      held.addLast(request);
    }
  }

  /** Serves held requests whose workload takes requests again; drops those whose client left. */
  private void release(
      ClusterModel model,
      Map<Revision, List<Pod>> routable,
      Instant from,
      Instant to,
      double seconds,
      List<SimulatedRequest> out) {
    Instant giveUp = to.minus(HOLD_TIMEOUT);
    for (Iterator<Held> it = held.iterator(); it.hasNext(); ) {
      Held request = it.next();
      if (request.arrival().isBefore(giveUp)) {
        it.remove();
        timedOut++;
        continue;
      }
      // A Deployment's router sends a waiting request to whatever version runs now; a Knative
      // request belongs to the revision the traffic split chose.
      Revision revision =
          request.workload().kind() == WorkloadKind.KNATIVE_SERVICE
              ? request.revision()
              : request.workload().primaryRevision();
      if (request.workload().paused() || routable.getOrDefault(revision, List.of()).isEmpty()) {
        continue;
      }
      Instant earliest = request.arrival().isAfter(from) ? request.arrival() : from;
      double window = Math.max(0, Duration.between(earliest, to).toNanos() / 1e9);
      Instant done = earliest.plusNanos((long) (random.nextDouble() * window * 1e9));
      SimulatedRequest served = serve(model, request.workload(), revision, routable, done);
      out.add(served.heldSince(request.arrival()));
      record(out.get(out.size() - 1));
      it.remove();
    }
  }

  /** Serves a request on a routable pod of its revision, or returns null if there is none. */
  private SimulatedRequest serve(
      ClusterModel model,
      Workload w,
      Revision revision,
      Map<Revision, List<Pod>> routable,
      Instant end) {
    List<Pod> candidates = routable.getOrDefault(revision, List.of());
    if (candidates.isEmpty()) {
      return null;
    }
    Pod pod = candidates.get(random.nextInt(candidates.size()));
    Gpu gpu = model.node(pod.node()).orElseThrow().gpus().get(pod.gpuIndices().get(0));
    LatencyModel.Outcome outcome =
        LatencyModel.sample(model.conditions(pod, gpu, revision), random);
    return new SimulatedRequest(w, pod, gpu, revision, end, outcome);
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

  long timedOut() {
    return timedOut;
  }

  /** Requests held now, of one workload or (null) of all. */
  int held(Workload w) {
    if (w == null) {
      return held.size();
    }
    int count = 0;
    for (Held request : held) {
      if (request.workload() == w) {
        count++;
      }
    }
    return count;
  }
}
