package io.strata.simulator.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a pod out of traffic (readiness gate False) and a paused workload do to requests. */
class PauseSemanticsTest {

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
  private static final String NS = Workloads.INFERENCE_NAMESPACE;

  private final ClusterModel model = new ClusterModel(ClusterShape.defaults(), T0);

  @Test
  void pausingOnePodRoutesItsRequestsToTheOtherPodsOfItsRevision() {
    Pod paused = model.targets().xid79Gpu().holder();
    int before = knative(model.requests(T0, T0.plusSeconds(60))).size();
    assertThat(model.setPodPaused(paused.namespace(), paused.name(), true)).isTrue();

    List<SimulatedRequest> after = knative(model.requests(T0.plusSeconds(60), T0.plusSeconds(120)));
    assertThat(after).noneMatch(r -> r.pod().name().equals(paused.name()));
    assertThat(after.size()).isBetween(before - 5, before + 5);
    assertThat(after).filteredOn(r -> r.revision().equals(paused.revision())).isNotEmpty();
    assertThat(model.status().requestsUnroutable()).isZero();
    assertThat(model.status().requestsHeld()).isZero();
  }

  @Test
  void xid79ThenCordonAndPodPauseKeepsHealthyTrafficFlowing() {
    Pod faulty = model.targets().xid79Gpu().holder();
    model.activate(Scenario.XID_79, T0);
    model.setCordoned(faulty.node(), true);
    model.setPodPaused(faulty.namespace(), faulty.name(), true);
    List<SimulatedRequest> after = knative(model.requests(T0, T0.plusSeconds(60)));
    assertThat(after).hasSizeGreaterThan(700);
    assertThat(after).allMatch(r -> r.outcome().failure() == RequestFailure.NONE);
    assertThat(after).allMatch(r -> r.outcome().stages().totalMs() < 300);
  }

  @Test
  void aPausedWorkloadHoldsItsRequestsAndServesThemWhenResumed() {
    assertThat(model.setWorkloadPaused(NS, Workloads.KNATIVE, true)).isTrue();
    List<SimulatedRequest> paused = model.requests(T0, T0.plusSeconds(10));
    assertThat(knative(paused)).isEmpty();
    assertThat(paused).isNotEmpty(); // the other workloads keep serving
    ClusterStatus status = model.status();
    assertThat(status.requestsHeld()).isBetween(130, 150); // 20/s x 70 % x 10 s
    assertThat(status.workloads())
        .filteredOn(w -> w.name().equals(Workloads.KNATIVE))
        .singleElement()
        .satisfies(w -> assertThat(w.heldRequests()).isEqualTo(status.requestsHeld()));

    assertThat(model.setWorkloadPaused(NS, Workloads.KNATIVE, false)).isTrue();
    List<SimulatedRequest> resumed =
        knative(model.requests(T0.plusSeconds(10), T0.plusSeconds(11)));
    // The held requests come out first, their hold counted as queue wait, then new ones at once.
    assertThat(resumed).hasSizeGreaterThan(140);
    assertThat(resumed.stream().filter(r -> r.outcome().stages().queueWaitMs() > 1000).count())
        .isGreaterThan(120);
    assertThat(resumed)
        .allMatch(
            r -> !r.start().isBefore(T0.plusSeconds(10)) && r.start().isBefore(T0.plusSeconds(11)));
    assertThat(model.status().requestsHeld()).isZero();
    List<SimulatedRequest> later = knative(model.requests(T0.plusSeconds(11), T0.plusSeconds(71)));
    assertThat(later).allMatch(r -> r.outcome().stages().queueWaitMs() < 20);
  }

  @Test
  void heldRequestsTimeOutWhenThePauseOutlastsTheClients() {
    model.setWorkloadPaused(NS, Workloads.KNATIVE, true);
    model.requests(T0, T0.plusSeconds(60));
    model.requests(T0.plusSeconds(60), T0.plusSeconds(61));
    ClusterStatus status = model.status();
    // At most the last 30 s of arrivals still wait; the rest gave up and are counted.
    assertThat(status.requestsHeld()).isBetween(400, 440);
    assertThat(status.requestsTimedOut()).isGreaterThan(400);
    assertThat(status.requestsUnroutable())
        .isEqualTo(status.requestsHeld() + status.requestsTimedOut());
  }

  @Test
  void aRevisionWithoutRoutablePodsHoldsItsShareUntilOneReturns() {
    Workload knative = model.workload(NS, Workloads.KNATIVE).orElseThrow();
    Revision two = knative.revisions().get(1);
    List<Pod> revisionTwo = model.pods().stream().filter(p -> p.revision().equals(two)).toList();
    revisionTwo.forEach(p -> model.setPodPaused(p.namespace(), p.name(), true));
    List<SimulatedRequest> during = knative(model.requests(T0, T0.plusSeconds(20)));
    assertThat(during).isNotEmpty().noneMatch(r -> r.revision().equals(two));
    assertThat(model.status().requestsHeld()).isPositive();
    Pod back = revisionTwo.get(0);
    model.setPodPaused(back.namespace(), back.name(), false);
    List<SimulatedRequest> after = knative(model.requests(T0.plusSeconds(20), T0.plusSeconds(21)));
    assertThat(after)
        .filteredOn(r -> r.revision().equals(two))
        .isNotEmpty()
        .allMatch(r -> r.pod().name().equals(back.name()));
    assertThat(model.status().requestsHeld()).isZero();
  }

  private static List<SimulatedRequest> knative(List<SimulatedRequest> requests) {
    return requests.stream()
        .filter(r -> r.workload().kind() == WorkloadKind.KNATIVE_SERVICE)
        .toList();
  }
}
