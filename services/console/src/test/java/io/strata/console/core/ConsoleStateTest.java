package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.remediation.ActionState;
import io.strata.events.trace.Stage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleStateTest {

  private final ConsoleState state = new ConsoleState(ConsoleStateTestLimits.LIMITS);
  private final Instant now = Fixtures.OPENED.plusSeconds(30);

  /** What the on-demand reader read for the incident (TelemetryReader fills it from Kafka). */
  private final IncidentTelemetry telemetry = new IncidentTelemetry(ConsoleStateTestLimits.LIMITS);

  @Test
  void listsOpenBeforeMitigatingBeforeResolvedAndFilters() {
    state.incident(
        Fixtures.incident("inc-a", 1, IncidentState.RESOLVED, "local", "ml", "a", Fixtures.OPENED));
    state.incident(
        Fixtures.incident("inc-b", 1, IncidentState.OPEN, "local", "ml", "b", Fixtures.OPENED));
    state.incident(
        Fixtures.incident(
            "inc-c", 1, IncidentState.MITIGATING, "other", "batch", "c", Fixtures.OPENED));

    assertThat(state.list(IncidentQuery.all(), now))
        .extracting(IncidentRow::incidentId)
        .containsExactly("inc-b", "inc-c", "inc-a");
    assertThat(state.list(new IncidentQuery(null, "local", null, null, null), now))
        .extracting(IncidentRow::incidentId)
        .containsExactly("inc-b", "inc-a");
    assertThat(state.list(new IncidentQuery(null, null, "batch", null, null), now))
        .extracting(IncidentRow::incidentId)
        .containsExactly("inc-c");
    assertThat(
            state.list(
                new IncidentQuery(IncidentState.OPEN, null, null, "b", IncidentClass.DEVICE_FAULT),
                now))
        .extracting(IncidentRow::incidentId)
        .containsExactly("inc-b");
    assertThat(
            state.list(new IncidentQuery(null, null, null, null, IncidentClass.QUEUE_BACKLOG), now))
        .isEmpty();
  }

  @Test
  void aStaleRevisionDoesNotReplaceANewerOne() {
    state.incident(Fixtures.incident(3, IncidentState.MITIGATING));
    state.incident(Fixtures.incident(2, IncidentState.OPEN));
    assertThat(state.list(IncidentQuery.all(), now).get(0).state())
        .isEqualTo(IncidentState.MITIGATING);
  }

  @Test
  void thePageHoldsTheWaterfallFromTheKeptSpansWithTheDominantStage() {
    Fixtures.spans().forEach(telemetry::span);
    state.incident(Fixtures.incident(1, IncidentState.OPEN));

    IncidentPage page = state.page(Fixtures.INCIDENT, now, null, telemetry).orElseThrow();
    Waterfall waterfall = page.waterfalls().get(0);
    assertThat(waterfall.spansKept()).isTrue();
    assertThat(waterfall.dominantStage()).isEqualTo(Stage.GPU_EXECUTE);
    assertThat(waterfall.modelVersion()).isEqualTo("v1");
    assertThat(waterfall.bars())
        .extracting(Waterfall.Bar::name, Waterfall.Bar::depth, Waterfall.Bar::dominant)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("POST /v1/completions", 0, false),
            org.assertj.core.groups.Tuple.tuple("queue.wait", 1, false),
            org.assertj.core.groups.Tuple.tuple("gpu.execute", 1, true));
    Waterfall.Bar gpu = waterfall.bars().get(2);
    assertThat(gpu.offsetPercent())
        .isCloseTo(100.0 * 30 / 1840, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(gpu.widthPercent())
        .isCloseTo(100.0 * 1700 / 1840, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void withoutSpansTheWaterfallFallsBackToTheExemplarsStageTotals() {
    state.incident(Fixtures.incident(1, IncidentState.OPEN));
    Waterfall waterfall =
        state.page(Fixtures.INCIDENT, now, null, telemetry).orElseThrow().waterfalls().get(0);
    assertThat(waterfall.spansKept()).isFalse();
    assertThat(waterfall.bars())
        .extracting(Waterfall.Bar::name, Waterfall.Bar::dominant)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("queue.wait", false),
            org.assertj.core.groups.Tuple.tuple("gpu.execute", true));
  }

  @Test
  void thePlanShowsThePatchAsADiffAndThePauseSwitchAsAGuard() {
    state.incident(Fixtures.incident(1, IncidentState.OPEN));
    state.action(Fixtures.cordon(ActionState.PROPOSED, Fixtures.OPENED.plusSeconds(6)));

    PlanItem item = state.page(Fixtures.INCIDENT, now, true, telemetry).orElseThrow().plan().get(0);
    assertThat(item.pending()).isTrue();
    assertThat(item.target()).isEqualTo("Node/" + Fixtures.NODE);
    assertThat(item.diff())
        .containsExactly("- spec.unschedulable: (absent)", "+ spec.unschedulable: true");
    assertThat(item.guards())
        .extracting(PlanItem.Guard::name, PlanItem.Guard::status)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("blast radius", "PENDING"),
            org.assertj.core.groups.Tuple.tuple("rate limit", "PENDING"),
            org.assertj.core.groups.Tuple.tuple("pause", "WOULD_FAIL"),
            org.assertj.core.groups.Tuple.tuple("dry-run", "OFF"));
    assertThat(state.list(IncidentQuery.all(), now).get(0).pendingActions()).isEqualTo(1);
  }

  @Test
  void theTimelineMergesRevisionsEventsDeviceChangesAndDecisionsInTimeOrder() {
    telemetry.sample(Fixtures.sample(Fixtures.OPENED.minusSeconds(2), 70, HealthStatus.PASS));
    telemetry.sample(Fixtures.sample(Fixtures.OPENED.minusSeconds(1), 91, HealthStatus.FAIL));
    state.incident(Fixtures.incident(1, IncidentState.OPEN));
    state.action(Fixtures.cordon(ActionState.PROPOSED, Fixtures.OPENED.plusSeconds(5)));
    state.action(Fixtures.cordon(ActionState.APPROVED, Fixtures.OPENED.plusSeconds(6)));
    state.action(Fixtures.cordon(ActionState.EXECUTED, Fixtures.OPENED.plusSeconds(7)));
    state.incident(Fixtures.incident(8, IncidentState.MITIGATING));

    List<TimelineEntry> timeline =
        state.page(Fixtures.INCIDENT, now, null, telemetry).orElseThrow().timeline();
    assertThat(timeline)
        .extracting(TimelineEntry::kind, TimelineEntry::title, TimelineEntry::who)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("DEVICE", "health PASS → FAIL", "device-ingest"),
            org.assertj.core.groups.Tuple.tuple(
                "REVISION", "incident OPEN (DEVICE_FAULT)", "correlator"),
            org.assertj.core.groups.Tuple.tuple(
                "K8S_EVENT", "NodeNotReady x1: GPU fell off the bus", "k8s-watcher"),
            org.assertj.core.groups.Tuple.tuple("ACTION", "CORDON_NODE PROPOSED", "remediator"),
            org.assertj.core.groups.Tuple.tuple("ACTION", "CORDON_NODE APPROVED", "alice via REST"),
            org.assertj.core.groups.Tuple.tuple("ACTION", "CORDON_NODE EXECUTED", "remediator"),
            org.assertj.core.groups.Tuple.tuple(
                "REVISION", "incident MITIGATING (DEVICE_FAULT)", "correlator"));
    assertThat(timeline.get(1).source()).isEqualTo("strata.incidents.v1 rev 1");
  }

  @Test
  void verificationJudgesEveryWindowSinceTheFirstExecutionAgainstTheBand() {
    state.incident(Fixtures.incident(1, IncidentState.MITIGATING));
    state.action(Fixtures.cordon(ActionState.EXECUTED, Fixtures.OPENED.plusSeconds(7)));
    Map<String, BaselineBand> baselines =
        Map.of("v1", new BaselineBand("v1", 400, Map.of(Stage.QUEUE_WAIT, 20.0), 10, 10));
    state.window("local/inference/llm-serve", window(0, 1840, 2), baselines);
    state.window("local/inference/llm-serve", window(10, 900, 6), baselines);
    state.window("local/inference/llm-serve", window(20, 420, 9.5), baselines);

    IncidentPage page = state.page(Fixtures.INCIDENT, now, null, telemetry).orElseThrow();
    Verification verification = page.verification();
    assertThat(verification.since()).isEqualTo(Fixtures.OPENED.plusSeconds(7));
    assertThat(verification.windows())
        .extracting(Verification.WindowCheck::pass)
        .containsExactly(false, true);
    assertThat(verification.stillOutOfBand()).isEmpty();
    Sparkline p95 = page.workloadSparklines().get(0);
    assertThat(p95.label()).isEqualTo("request p95");
    assertThat(p95.values()).containsExactly(1840.0, 900.0, 420.0);
    assertThat(p95.bandHigh()).isEqualTo(480.0);
    assertThat(page.workloadSparklines())
        .extracting(Sparkline::label)
        .containsExactly(
            "request p95", "queue wait p95", "effective throughput", "gpu_execute p95");
  }

  private static WindowPoint window(int startSecond, double p95, double throughput) {
    Instant start = Fixtures.OPENED.plusSeconds(startSecond);
    return new WindowPoint(
        start,
        start.plusSeconds(10),
        "v1",
        100,
        p95,
        Map.of(Stage.QUEUE_WAIT, 20.0, Stage.GPU_EXECUTE, p95 - 40),
        throughput);
  }

  @Test
  void theReviewIsRenderedAsMarkdownAndHtml() {
    state.incident(Fixtures.incident(9, IncidentState.RESOLVED));
    state.review(Fixtures.review());
    ReviewView review = state.page(Fixtures.INCIDENT, now, null, telemetry).orElseThrow().review();
    assertThat(review.markdown())
        .contains("# Review inc-f9232929")
        .contains("| time to recover | 34.60 s (PT34.6S) |")
        .contains(
            "| `act-e79c0234fd22daf84871` | CORDON_NODE | Node/gpu-node-003 | EXECUTED | – | alice via REST |")
        .contains("- spans without k8s.pod.name");
    assertThat(review.html()).contains("<h1>Review inc-f9232929</h1>").contains("<table>");
  }

  @Test
  void storesStayWithinTheirBounds() {
    ConsoleLimits limits = new ConsoleLimits(2, 2, 2, 2, 2, 1, 2, 1.2, 2, Duration.ofHours(1));
    ConsoleState small = new ConsoleState(limits);
    IncidentTelemetry read = new IncidentTelemetry(limits);
    for (int i = 0; i < 5; i++) {
      small.incident(
          Fixtures.incident(
              "inc-" + i, 1, IncidentState.OPEN, "c", "n", "w", Fixtures.OPENED.plusSeconds(i)));
      read.sample(Fixtures.sample(Fixtures.OPENED.plusSeconds(i), 60, HealthStatus.PASS));
    }
    assertThat(small.sizes()).containsEntry("incidents", 2);
    // Two samples per GPU: the newest two.
    assertThat(read.samples(Fixtures.GPU, Fixtures.OPENED, Fixtures.OPENED.plusSeconds(10)))
        .extracting(GpuHistory.Point::at)
        .containsExactly(Fixtures.OPENED.plusSeconds(3), Fixtures.OPENED.plusSeconds(4));
    assertThat(small.list(IncidentQuery.all(), now))
        .extracting(IncidentRow::incidentId)
        .containsExactly("inc-4", "inc-3");
  }

  @Test
  void aDeviceIncidentWithoutALongestStageChartsItsExemplarsDominantStage() {
    io.strata.events.incident.Incident base = Fixtures.incident(1, IncidentState.OPEN);
    state.incident(
        new io.strata.events.incident.Incident(
            base.incidentId(),
            1,
            base.incidentClass(),
            base.severity(),
            base.state(),
            base.summary(),
            base.correlation(),
            base.scope(),
            base.trigger(),
            null,
            base.evidence(),
            base.suggestedActions(),
            base.openedAt(),
            base.updatedAt(),
            null,
            null,
            io.strata.events.incident.Incident.FIRST_EPISODE,
            null));
    assertThat(
            state.page(Fixtures.INCIDENT, now, null, telemetry).orElseThrow().workloadSparklines())
        .extracting(Sparkline::label)
        .endsWith("gpu_execute p95");
  }
}
