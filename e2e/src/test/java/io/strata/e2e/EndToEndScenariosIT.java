package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.alert.AlertStatus;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.FindingKind;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Severity;
import io.strata.events.incident.Signal;
import io.strata.events.incident.Trigger;
import io.strata.events.remediation.ActionRecord;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewOutcome;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.topic.Topics;
import io.strata.events.trace.Stage;
import io.strata.simulator.dcgm.NamingRollout;
import io.strata.simulator.model.Scenario;
import io.strata.simulator.model.ScenarioTargets;
import io.strata.simulator.pagerduty.ReceivedEvents;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Every scenario of the simulated cluster through the five real services, one after the other on
 * one running system: the incident class, scope and first action Strata raises, nothing for an idle
 * cluster, and for XID 79 the whole path through approval and execution to the review record.
 * Approvals stay manual (the Slack stand-in does not click) so that one scenario's mitigation does
 * not change the cluster the next one runs on; the last scenario approves through the REST API.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EndToEndScenariosIT {

  private static final Duration RAISE_TIMEOUT = Duration.ofSeconds(120);
  private static final Duration SLACK_TIMEOUT = Duration.ofSeconds(45);

  /**
   * How long after the cluster is healthy again every request window holding a scenario has been
   * evaluated, from the correlator's local profile: the last window holding the switch ends within
   * its 10 s size, is evaluated after the 4 s window grace, and its last traces were assembled
   * within the 1 s trace grace.
   */
  private static final Duration WINDOWS_CLOSE = Duration.ofSeconds(15);

  private static final Duration RESOLVE_TIMEOUT = Duration.ofSeconds(120);

  /**
   * The correlator's reopen cooldown in the local profile: a GPU failing again within it of its
   * incident's resolution reopens that incident instead of raising one of its own.
   */
  /** The correlator's reopen cooldown in {@link StrataSystem.Wiring#SCENARIOS}. */
  private static final Duration REOPEN_COOLDOWN = Duration.ofSeconds(15);

  private final Clock clock = Clock.systemUTC();
  private final LatencyReport report = new LatencyReport();
  private final Path work = Path.of(System.getProperty("strata.e2e.work", "target/e2e"));

  /** A real Alertmanager routing to trace-ingest; null when none is installed. */
  private AlertmanagerProcess alertmanager;

  private AlertmanagerAlerts alerts;

  /** Whether order 14 left kube-state-metrics' crash-loop alert firing, for the console. */
  private boolean contextAlertFiring;

  private StrataSystem system;
  private TopicRecorder recorder;
  private SlackPosts slack;
  private ScenarioTargets targets;

  /**
   * When order 2's idle cluster began: orders 2 to 4 raise no action, and order 4 waits once for
   * every window they held to close with none proposed since ({@link #settleWithoutAction}).
   */
  private Instant quietSince;

  /** What the XID 79 of order 10 raised, against exporters in the legacy DCGM naming. */
  private Xid79Facts legacyXid79;

  /**
   * What an XID 79 incident is, whatever names the exporters print: its class, node and GPU, the
   * trigger an XID revision carries, and the remediator's first proposed action.
   */
  private record Xid79Facts(
      IncidentClass incidentClass,
      List<String> nodes,
      List<String> gpuUuids,
      Signal trigger,
      double triggerValue,
      String triggerUnit,
      ActionType firstAction) {}

  @BeforeAll
  void start() throws Exception {
    Path repo = Path.of(System.getProperty("strata.repo", "..")).toAbsolutePath().normalize();
    system = StrataSystem.start(repo, work);
    recorder =
        new TopicRecorder(
            system.bootstrapServers(),
            clock,
            List.of(
                Topics.INCIDENTS,
                Topics.DEVICE_FINDINGS,
                Topics.REMEDIATION,
                Topics.REVIEWS,
                Topics.ALERTS,
                Topics.DEADLETTER));
    slack = new SlackPosts((String) system.simulator().endpoints().get("slack_messages"));
    targets = system.simulator().model().targets();
    Optional<Path> alertmanagerBinary = AlertmanagerProcess.binary();
    if (alertmanagerBinary.isPresent()) {
      alertmanager =
          AlertmanagerProcess.start(
              alertmanagerBinary.get(),
              work,
              system.alertmanagerWebhook(),
              StrataSystem.ALERTMANAGER_TOKEN);
      alerts = new AlertmanagerAlerts(alertmanager, recorder, clock, this::latest);
    }
  }

  @AfterAll
  void stop() throws Exception {
    try {
      report.print(work.resolve("latencies.txt"));
    } finally {
      if (alertmanager != null) {
        alertmanager.close();
      }
      if (recorder != null) {
        recorder.close();
      }
      if (system != null) {
        system.close();
      }
    }
  }

  @Test
  @Order(1)
  void servicesComeUpAndLearnBaselinesFromHealthyTraffic() {
    for (ServiceProcess service : system.services().values()) {
      // The harness waits for /q/health/ready; the whole of /q/health (liveness too) is awaited
      // rather than read once, so a check that lags readiness never fails the scenario.
      // Http.getJson answers null unless the status is 200; Quarkus answers 503 while DOWN.
      await(service.name() + " /q/health UP")
          .atMost(Duration.ofSeconds(60))
          .until(
              () -> {
                com.fasterxml.jackson.databind.JsonNode health =
                    Http.getJson(service.baseUrl() + "/q/health");
                return health != null && "UP".equals(health.path("status").asText());
              });
    }
    for (String workload :
        List.of("inference/llm-serve", "inference/embedder", "dra-demo/dra-infer")) {
      system.awaitBaseline(workload, Duration.ofSeconds(150));
    }
  }

  @Test
  @Order(2)
  void anIdleClusterRaisesNothing() {
    Instant since = activate(Scenario.IDLE);
    quietSince = since;
    await("an idle cluster stays quiet")
        .during(Duration.ofSeconds(25))
        .atMost(Duration.ofSeconds(30))
        .until(() -> recorder.since(Topics.INCIDENTS, since, i -> true).isEmpty());
    assertThat(recorder.since(Topics.REMEDIATION, since, a -> true)).isEmpty();
    report.add("idle", "nothing (as expected)", since, null, null);
    // Its windows close while orders 3 and 4 run; order 4 waits for them with its own.
  }

  @Test
  @Order(3)
  void missingFieldsAreReportedForThatExporterWithoutAnAction() {
    Instant since = activate(Scenario.MISSING_FIELDS);
    Observed<DeviceFinding> finding =
        awaitFinding(
            since,
            f ->
                f.kind() == FindingKind.FIELD_MISSING
                    && targets.missingFieldsNode().equals(f.node())
                    && f.missingFields().contains("DCGM_FI_DEV_POWER_USAGE"));
    assertThat(finding.value().missingFields())
        .contains("DCGM_FI_DEV_MEM_COPY_UTIL", "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE");
    report.add(
        "missing-fields",
        "finding FIELD_MISSING " + finding.value().node(),
        since,
        finding.receivedAt(),
        null);
    // Its windows close while order 4 runs; order 4 waits for them with its own.
  }

  @Test
  @Order(4)
  void anOwnershipMismatchIsAFindingWithoutAnAction() {
    Instant since = activate(Scenario.OWNERSHIP_MISMATCH);
    String gpu = targets.mismatchGpu().uuid();
    Observed<DeviceFinding> finding =
        awaitFinding(
            since, f -> f.kind() == FindingKind.OWNERSHIP_MISMATCH && gpu.equals(f.gpuUuid()));
    // The exporter's labels name the pod the simulator attributes the GPU to (DcgmRenderer): a
    // Knative pod, whose serving container Knative names "user-container".
    assertThat(finding.value().exporterOwner())
        .extracting(DeviceOwner::namespace, DeviceOwner::pod, DeviceOwner::container)
        .containsExactly(
            targets.mismatchPod().namespace(), targets.mismatchPod().name(), "user-container");
    report.add(
        "ownership-mismatch",
        "finding OWNERSHIP_MISMATCH " + gpu.substring(0, 12),
        since,
        finding.receivedAt(),
        null);
    settleWithoutAction(
        "idle, missing-fields and ownership-mismatch", quietSince != null ? quietSince : since);
  }

  @Test
  @Order(5)
  void anApplicationXidIsAnAppErrorWithANoteAndNoNodeAction() {
    Expected expected =
        new Expected(
            Set.of(IncidentClass.APP_ERROR),
            "workload embedder",
            Expected.workload("embedder"),
            Set.of());
    Incident incident = raise(Scenario.APP_XID_13, expected);
    assertThat(incident.suggestedActions()).startsWith(ActionType.NOTIFY_OWNER);
    settle(incident);
    assertThat(actionsFor(incident.incidentId()))
        .as("an application XID never leads to a node action")
        .isEmpty();
  }

  @Test
  @Order(6)
  void aSlowModelLoadAfterARolloutProposesARollback() {
    Incident incident =
        raise(
            Scenario.SLOW_MODEL_LOAD,
            new Expected(
                Set.of(IncidentClass.MODEL_LOAD),
                "workload llm-serve, model_version v2",
                Expected.workload("llm-serve").and(Expected.modelVersion("v2")),
                Set.of(ActionType.ROLLBACK_MODEL_VERSION)));
    settle(incident);
  }

  @Test
  @Order(7)
  void aSlowModelLoadOnADeploymentProposesARollbackThroughItsVersionLabel() {
    Incident incident =
        raise(
            Scenario.SLOW_MODEL_LOAD_DEPLOYMENT,
            new Expected(
                Set.of(IncidentClass.MODEL_LOAD),
                "workload embedder, model_version e5-large-v2",
                Expected.workload("embedder").and(Expected.modelVersion("e5-large-v2")),
                Set.of(ActionType.ROLLBACK_MODEL_VERSION)));
    settle(incident);
  }

  @Test
  @Order(8)
  void aQueueBacklogProposesLessConcurrencyOrOnlyReportsCapacity() {
    Incident incident =
        raise(
            Scenario.QUEUE_BACKLOG,
            new Expected(
                Set.of(IncidentClass.QUEUE_BACKLOG, IncidentClass.ALLOCATION_FAILURE),
                "workload llm-serve",
                Expected.workload("llm-serve"),
                Set.of()));
    if (incident.incidentClass() == IncidentClass.QUEUE_BACKLOG) {
      await("queue backlog: less concurrency proposed")
          .atMost(SLACK_TIMEOUT)
          .until(
              () ->
                  actionsFor(incident.incidentId()).stream()
                      .anyMatch(a -> a.type() == ActionType.LOWER_CONCURRENCY));
    } else {
      // llm-serve is a Knative Service: no real mechanism pauses its batches, so the plan for a
      // capacity shortage is the note and the capacity report, never a no-op "pause".
      settle(incident);
      assertThat(actionsFor(incident.incidentId()))
          .extracting(RemediationAction::type)
          .doesNotContain(ActionType.PAUSE_NEW_BATCHES);
      return;
    }
    settle(incident);
  }

  @Test
  @Order(9)
  void thermalThrottlingOnOneNodeIsDeviceDegraded() {
    Incident incident =
        raise(
            Scenario.THERMAL_THROTTLING,
            new Expected(
                Set.of(IncidentClass.DEVICE_DEGRADED),
                "node " + targets.thermalNode() + " only",
                Expected.singleNode(targets.thermalNode()),
                Set.of(ActionType.LOWER_CONCURRENCY)));
    settle(incident);
  }

  /**
   * dra-infer's two vLLM scenarios run between the XID 79 faults of orders 10, 12 and 14 (another
   * workload, another node): each fills the reopen cooldown the next XID 79 on the same GPU needs.
   */
  @Test
  @Order(11)
  void aVllmServersSlowQueueIsAQueueBacklogFromItsLatencyAttributes() {
    // dra-infer traces like vLLM: one llm_request span whose gen_ai.latency.* attributes carry the
    // stages (trace-ingest derives them); no Strata stage span names anywhere.
    Incident incident =
        raise(
            Scenario.VLLM_QUEUE_BACKLOG,
            new Expected(
                Set.of(IncidentClass.QUEUE_BACKLOG, IncidentClass.ALLOCATION_FAILURE),
                "workload dra-infer (vLLM-shaped traces)",
                Expected.workload("dra-infer"),
                // Whichever of the plan's steps has a real mechanism for dra-infer's kind.
                Set.of(
                    ActionType.LOWER_CONCURRENCY,
                    ActionType.PAUSE_NEW_BATCHES,
                    ActionType.SCALE_OUT)));
    assertThat(incident.longestStage()).isEqualTo(Stage.QUEUE_WAIT);
    settle(incident);
  }

  @Test
  @Order(13)
  void aVllmServersSlowDecodeIsAnExecutionRegressionWithoutANodeAction() {
    Incident incident =
        raise(
            Scenario.VLLM_SLOW_DECODE,
            new Expected(
                Set.of(IncidentClass.DEVICE_DEGRADED),
                "workload dra-infer (vLLM-shaped traces)",
                Expected.workload("dra-infer"),
                Set.of()));
    assertThat(incident.longestStage()).isEqualTo(Stage.GPU_EXECUTE);
    assertThat(incident.suggestedActions()).containsExactly(ActionType.LOWER_CONCURRENCY);
    settle(incident);
    assertThat(actionsFor(incident.incidentId()))
        .extracting(RemediationAction::type)
        .as("slower decode that no GPU anomaly explains never cordons a node")
        .doesNotContain(ActionType.CORDON_NODE);
  }

  @Test
  @Order(10)
  void xid79IsADeviceFaultMitigatedThroughApprovalAndReviewed() {
    String gpu = targets.xid79Gpu().uuid();
    String node = targets.xid79Gpu().node();
    Instant faultAt = clock.instant();
    Incident incident =
        raise(
            Scenario.XID_79,
            new Expected(
                Set.of(IncidentClass.DEVICE_FAULT),
                "node " + node + ", GPU " + gpu.substring(0, 12) + ", workload llm-serve",
                Expected.singleNode(node)
                    .and(Expected.gpu(gpu))
                    .and(Expected.workload("llm-serve")),
                Set.of(ActionType.CORDON_NODE)));
    String incidentId = incident.incidentId();
    legacyXid79 = xid79Facts(incident, faultAt);
    // The plan in Slack links the logs (the scenarios' Grafana Explore templates), the node's too.
    assertThat(slack.bodiesMentioning(incidentId))
        .as("Slack posts of " + incidentId)
        .anySatisfy(
            body ->
                assertThat(body)
                    .contains("https://grafana.example/explore?")
                    .contains("Logs (grafana-node): node " + node));

    for (RemediationAction proposed : latestActions(incidentId)) {
      var response =
          Http.approveAsShown(
              system.service("remediator").baseUrl(), proposed.actionId(), StrataSystem.API_TOKEN);
      assertThat(response.statusCode()).as(response.body()).isBetween(200, 299);
    }
    await("the cordon is executed and the simulated node is cordoned")
        .atMost(Duration.ofSeconds(60))
        .until(() -> system.simulator().model().status().cordonedNodes().contains(node));
    assertThat(latestActions(incidentId))
        .filteredOn(a -> a.type() == ActionType.CORDON_NODE)
        .singleElement()
        // The principal is the name its token is configured under
        // (strata.remediator.api.tokens.console).
        .satisfies(a -> assertThat(a.approvedBy()).isEqualTo("console"));

    await("a contained fault is MITIGATING, not resolved, while the GPU keeps failing")
        .atMost(Duration.ofSeconds(90))
        .until(() -> latestState(incidentId) == IncidentState.MITIGATING);
    if (alerts != null) {
      // The team's own dcgm-exporter alert on the GPU, through Alertmanager: evidence on this
      // incident, firing and then resolved, never an incident of its own.
      Map<String, String> dcgmAlert = AlertmanagerAlerts.dcgmXid(node, gpu);
      String fingerprint = alerts.fire(dcgmAlert, "XID 79 on " + gpu);
      alerts.awaitEvidence(incidentId, fingerprint, AlertStatus.FIRING);
      alerts.resolve(dcgmAlert);
      alerts.awaitEvidence(incidentId, fingerprint, AlertStatus.RESOLVED);
    }

    // The cordon bought time for the repair: the GPU is reset and passes its health checks again.
    Instant repaired = clock.instant();
    system.simulator().activate(Scenario.HEALTHY);
    AtomicReference<Observed<ReviewRecord>> review = new AtomicReference<>();
    try {
      await("recovery measured on requests and the review record")
          .atMost(Duration.ofSeconds(180))
          .pollInterval(Duration.ofMillis(250))
          .until(
              () -> {
                recorder
                    .since(Topics.REVIEWS, Instant.EPOCH, r -> incidentId.equals(r.incidentId()))
                    .stream()
                    .findFirst()
                    .ifPresent(review::set);
                return review.get() != null;
              });
    } catch (ConditionTimeoutException e) {
      Incident last = latest(incidentId);
      throw new AssertionError(
          "no review for "
              + incidentId
              + "; incident "
              + last.state()
              + " notes="
              + last.evidence().notes()
              + " actions="
              + latestActions(incidentId).stream().map(a -> a.type() + ":" + a.state()).toList(),
          e);
    }
    Incident resolved = latest(incidentId);
    assertThat(resolved.state()).isEqualTo(IncidentState.RESOLVED);
    assertThat(resolved.timeToRecoverMillis()).isNotNull().isPositive();
    ReviewRecord record = review.get().value();
    assertThat(record.incidentClass()).isEqualTo(IncidentClass.DEVICE_FAULT);
    assertThat(record.outcome()).isEqualTo(ReviewOutcome.RECOVERED);
    assertThat(record.actions())
        .extracting(ActionRecord::type)
        .contains(ActionType.CORDON_NODE, ActionType.PAUSE_NEW_BATCHES);
    assertThat(record.devices()).extracting(DeviceEvidence::gpuUuid).contains(gpu);
    report.add(
        "xid-79 repaired",
        "RESOLVED + review " + record.outcome(),
        repaired,
        resolvedAt(incidentId),
        review.get().receivedAt());

    approveTheUncordon(incidentId, node);
    assertPaged(incidentId);

    // One fault, one incident: the request view of the fault joined the device incident.
    assertThat(newIncidents(faultAt))
        .filteredOn(
            o ->
                o.value().scope().nodes().contains(node)
                    || o.value().scope().workloads().stream()
                        .anyMatch(w -> w.endsWith("/llm-serve")))
        .extracting(o -> o.value().incidentId())
        .as("incidents for the XID 79 fault")
        .containsOnly(incidentId);
    List<Observed<Incident>> revisions =
        recorder.since(Topics.INCIDENTS, Instant.EPOCH, i -> incidentId.equals(i.incidentId()));
    System.out.printf(
        "[e2e] xid-79: %d published revisions: %s%n",
        revisions.size(), revisions.stream().map(o -> o.value().state()).toList());
    assertThat(revisions.size()).as("published revisions of one incident").isBetween(3, 12);
    Instant previous = Instant.EPOCH;
    for (Observed<Incident> revision : revisions) {
      assertThat(revision.value().updatedAt()).as("revision times").isAfterOrEqualTo(previous);
      previous = revision.value().updatedAt();
    }
    assertThat(actionsFor(incidentId))
        .extracting(RemediationAction::state)
        .as("nothing refused on the happy path")
        .doesNotContain(ActionState.REFUSED);
  }

  /**
   * The exporters upgraded to dcgm-exporter 4.10's names (DCGM Field Naming Standard: new metric
   * names and units, labels hostname and DCGM_FI_SYSTEM_DRIVER_VERSION), then the same XID 79: the
   * same DEVICE_FAULT incident as against the legacy names of order 10 (class, node and GPU,
   * trigger XID 79, first action). An incident of its own (after the reopen cooldown); its cordon
   * is approved from Microsoft Teams (forged invokes refused first, {@link TeamsApproval}) and the
   * GPU repaired.
   */
  @Test
  @Order(12)
  void xid79AgainstExportersInTheStandardNamingRaisesTheSameIncident() {
    assertThat(legacyXid79).as("order 10's XID 79 against the legacy names").isNotNull();
    String gpu = targets.xid79Gpu().uuid();
    String node = targets.xid79Gpu().node();
    system.simulator().useDcgmNaming(NamingRollout.STANDARD);
    try {
      assertThat(exporterPage(node))
          .contains("DCGM_FI_DEV_XID_ERROR{", "DCGM_FI_DEV_GPU_TEMP_CELSIUS{")
          .contains("hostname=\"" + node + "\"", "DCGM_FI_SYSTEM_DRIVER_VERSION=")
          .doesNotContain("DCGM_FI_DEV_XID_ERRORS{", "Hostname=");
      awaitReopenCooldown();
      Instant faultAt = clock.instant();
      Incident incident =
          raise(
              Scenario.XID_79,
              new Expected(
                  Set.of(IncidentClass.DEVICE_FAULT),
                  "node " + node + ", GPU " + gpu.substring(0, 12) + " (DCGM standard names)",
                  Expected.singleNode(node).and(Expected.gpu(gpu)),
                  Set.of(ActionType.CORDON_NODE)));
      assertThat(xid79Facts(incident, faultAt))
          .as("the XID 79 incident against the standard names")
          .isEqualTo(legacyXid79);
      new TeamsApproval(system.simulator(), this::latestActions)
          .approveCordon(incident.incidentId(), node);
      settle(incident);
      approveTheUncordon(incident.incidentId(), node);
    } finally {
      system.simulator().useDcgmNaming(NamingRollout.LEGACY);
    }
  }

  /**
   * NVSentinel's fatal health event for a node, as its Prometheus rule fires it, through a real
   * Alertmanager: no incident is open there, so the correlator's default rule opens a DEVICE_FAULT
   * on the node (trigger ALERT, the alert as evidence, a cordon proposed); Alertmanager's resolved
   * notification closes it, with nothing executed. A crash-loop alert naming neither a node nor a
   * workload is left firing: context the console shows (order 15).
   */
  @Test
  @Order(14)
  void anAlertmanagerAlertOpensItsIncidentByARuleAndItsResolutionClosesIt() {
    Assumptions.assumeTrue(
        alerts != null,
        "SKIPPED: no Alertmanager binary (apt-get install -y prometheus-alertmanager); the"
            + " Alertmanager scenario needs one");
    String node = targets.thermalNode();
    Instant firedAt = clock.instant();
    Map<String, String> fatal = AlertmanagerAlerts.nvsentinelFatal(node);
    String fingerprint = alerts.fire(fatal, "GpuXidError failed fatally on " + node);
    Observed<Incident> opened =
        await("a DEVICE_FAULT opened by the alert on " + node)
            .atMost(Duration.ofSeconds(60))
            .until(
                () ->
                    newIncidents(firedAt).stream()
                        .filter(o -> o.value().incidentClass() == IncidentClass.DEVICE_FAULT)
                        .filter(o -> o.value().scope().nodes().equals(List.of(node)))
                        .findFirst(),
                Optional::isPresent)
            .orElseThrow();
    Incident incident = opened.value();
    report.add(
        "alertmanager-fatal",
        "DEVICE_FAULT node " + node + " (NVSentinel alert via Alertmanager)",
        firedAt,
        opened.receivedAt(),
        null);
    assertThat(incident.trigger().signal()).isEqualTo(Signal.ALERT);
    assertThat(incident.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(incident.evidence().alerts())
        .extracting(AlertEvidence::fingerprint)
        .containsExactly(fingerprint);
    assertThat(incident.suggestedActions()).contains(ActionType.CORDON_NODE);

    alerts.fire(AlertmanagerAlerts.crashLoop(), "Pod batch/trainer-0 is crash looping");
    contextAlertFiring = true;

    Instant resolving = clock.instant();
    alerts.resolve(fatal);
    await("Alertmanager's resolution closes " + incident.incidentId())
        .atMost(Duration.ofSeconds(60))
        .until(() -> latestState(incident.incidentId()) == IncidentState.RESOLVED);
    report.add(
        "alert resolved",
        "RESOLVED by Alertmanager's resolved notification",
        resolving,
        resolvedAt(incident.incidentId()),
        null);
    assertThat(newIncidents(firedAt))
        .filteredOn(o -> o.value().scope().nodes().contains(node))
        .extracting(o -> o.value().incidentId())
        .as("one alert, one incident")
        .containsOnly(incident.incidentId());
    assertThat(actionsFor(incident.incidentId()))
        .extracting(RemediationAction::state)
        .as("proposed, never approved: nothing executed")
        .doesNotContain(ActionState.EXECUTED);
  }

  /**
   * The console in headless Chromium ({@link ConsoleWalkthrough}): XID 79 again, after the reopen
   * cooldown, seen, approved and reviewed in the browser and through the CLI.
   */
  @Test
  @Order(15)
  void anOnCallEngineerApprovesTheCordonInTheConsole() throws Exception {
    Optional<Path> chromium = Browser.chromium();
    Assumptions.assumeTrue(
        chromium.isPresent(),
        "SKIPPED: no chromium binary (apt-get install -y chromium chromium-driver, or set"
            + " CHROME_BIN); the console's browser walk-through needs one");
    Path target = work.getParent();
    Path downloads = target.resolve("downloads");
    // An earlier run's export of the same incident id would make Chromium save this one as "(1)".
    StrataSystem.deleteRecursively(downloads);
    try (Browser browser =
        Browser.start(chromium.get(), target.resolve("console-screenshots"), downloads)) {
      // Chromium starts within the cooldown.
      awaitReopenCooldown();
      new ConsoleWalkthrough(system, browser, work, downloads)
          .contextAlertPosted(contextAlertFiring)
          .seeTheFaultApproveTheCordonAndExportTheReview();
    }
  }

  /**
   * The remediation policy, put in place mid-run ({@link PolicyScenario}): AUTO on one pool,
   * PROPOSE on another, OBSERVE for a namespace, ten faults at once inside the blast radius, a
   * malformed edit refused, and the backtest of this phase.
   */
  @Test
  @Order(16)
  void aPolicyActsAloneOnOnePoolProposesOnAnotherAndObservesANamespace() throws Exception {
    new PolicyScenario(system, recorder, clock).run();
  }

  @Test
  @Order(17)
  void nothingWasDeadLetteredOrUnreadable() {
    assertThat(recorder.since(Topics.DEADLETTER, Instant.EPOCH, r -> true)).isEmpty();
    assertThat(recorder.failures()).isEmpty();
    system
        .services()
        .values()
        .forEach(service -> assertThat(service.alive()).as(service.name() + " alive").isTrue());
  }

  /**
   * The incident paged PagerDuty through the simulator's Events API v2 stand-in: one alert
   * (dedup_key = the incident id) triggered, acknowledged once MITIGATING and resolved, its trigger
   * linking to the console page.
   */
  private void assertPaged(String incidentId) {
    ReceivedEvents pages = system.simulator().pagerDuty().orElseThrow().events();
    await("PagerDuty's alert for " + incidentId + " resolved")
        .atMost(Duration.ofSeconds(30))
        .until(() -> pages.actions(incidentId).contains("resolve"));
    assertThat(pages.actions(incidentId)).containsExactly("trigger", "acknowledge", "resolve");
    JsonNode trigger =
        pages.all().stream()
            .filter(e -> e.dedupKey().equals(incidentId) && e.action().equals("trigger"))
            .findFirst()
            .orElseThrow()
            .body();
    assertThat(trigger.path("payload").path("severity").asText()).isEqualTo("critical");
    assertThat(trigger.path("links").findValuesAsText("href"))
        .anyMatch(href -> href.contains(incidentId));
  }

  /** Approves the uncordon proposed once the incident resolved; the node takes pods again. */
  private void approveTheUncordon(String incidentId, String node) {
    RemediationAction uncordon =
        await("the uncordon is proposed once the incident resolved")
            .atMost(Duration.ofSeconds(60))
            .until(
                () ->
                    latestActions(incidentId).stream()
                        .filter(a -> a.type() == ActionType.UNCORDON_NODE)
                        .filter(a -> a.state() == ActionState.PROPOSED)
                        .findFirst(),
                Optional::isPresent)
            .orElseThrow();
    var approved =
        Http.approveAsShown(
            system.service("remediator").baseUrl(), uncordon.actionId(), StrataSystem.API_TOKEN);
    assertThat(approved.statusCode()).as(approved.body()).isBetween(200, 299);
    await("the node takes pods again")
        .atMost(Duration.ofSeconds(60))
        .until(() -> !system.simulator().model().status().cordonedNodes().contains(node));
  }

  // ---- steps --------------------------------------------------------------------------------

  private Instant activate(Scenario scenario) {
    Instant now = clock.instant();
    system.simulator().activate(scenario);
    return now;
  }

  /**
   * Back to healthy, then until the scenario's incident has resolved: a workload × version has one
   * request-level incident at a time, so the next fault of the same version must find it closed to
   * be a new incident. Bounded; a version whose traffic went away (it resolves only after the quiet
   * period) is left open, said in the output, and does not stop the run.
   */
  private void settle(Incident incident) {
    system.simulator().activate(Scenario.HEALTHY);
    Instant from = clock.instant();
    try {
      await(incident.incidentId() + " resolved")
          .atMost(RESOLVE_TIMEOUT)
          .pollInterval(Duration.ofMillis(250))
          .until(() -> latestState(incident.incidentId()) == IncidentState.RESOLVED);
      System.out.printf(
          "[e2e] %s resolved %d s after the cluster was healthy again%n",
          incident.incidentId(), Duration.between(from, clock.instant()).toSeconds());
    } catch (ConditionTimeoutException e) {
      System.out.printf(
          "[e2e] %s still %s %d s after the cluster was healthy again%n",
          incident.incidentId(), latestState(incident.incidentId()), RESOLVE_TIMEOUT.toSeconds());
    }
  }

  /**
   * Back to healthy, then until every window holding the scenarios run since {@code since} has
   * closed ({@link #WINDOWS_CLOSE}) with no remediation action proposed since: a finding-only
   * scenario never leads to an action, even once its windows are evaluated. The scenarios before
   * the last ended longer ago, so their windows closed within the same wait.
   */
  private void settleWithoutAction(String scenario, Instant since) {
    system.simulator().activate(Scenario.HEALTHY);
    await(scenario + ": its windows closed with no remediation action")
        .during(WINDOWS_CLOSE)
        .atMost(WINDOWS_CLOSE.plusSeconds(5))
        .until(() -> recorder.since(Topics.REMEDIATION, since, a -> true).isEmpty());
  }

  /**
   * Activates {@code scenario} and waits for a new incident matching {@code expected} (one whose id
   * was not seen before the fault), then for the remediator's plan: its Slack post and, unless the
   * plan is a note only, its first action.
   */
  private Incident raise(Scenario scenario, Expected expected) {
    Instant since = activate(scenario);
    AtomicReference<Observed<Incident>> raised = new AtomicReference<>();
    await(scenario.slug() + " raises " + expected.classes() + " for " + expected.scopeDescription())
        .atMost(RAISE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              openedSince(since).stream()
                  .filter(o -> expected.matches(o.value().incidentClass(), o.value().scope()))
                  .findFirst()
                  .ifPresent(raised::set);
              return raised.get() != null;
            });
    Incident incident = raised.get().value();
    System.out.printf(
        "[e2e] %s -> %s %s scope=%s suggested=%s%n",
        scenario.slug(),
        incident.incidentClass(),
        incident.incidentId(),
        incident.scope(),
        incident.suggestedActions());

    AtomicReference<Instant> posted = new AtomicReference<>();
    await(scenario.slug() + ": Slack post for " + incident.incidentId())
        .atMost(SLACK_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              slack.firstMentioning(incident.incidentId(), since).ifPresent(posted::set);
              return posted.get() != null;
            });
    if (!expected.firstAction().isEmpty()) {
      await(scenario.slug() + ": first proposed action")
          .atMost(SLACK_TIMEOUT)
          .until(() -> !actionsFor(incident.incidentId()).isEmpty());
      RemediationAction first =
          actionsFor(incident.incidentId()).stream()
              .min(Comparator.comparingInt(RemediationAction::step))
              .orElseThrow();
      assertThat(first.type()).as("first action").isIn(expected.firstAction());
    }
    report.add(
        scenario.slug(),
        incident.incidentClass() + " " + expected.scopeDescription(),
        since,
        raised.get().receivedAt(),
        posted.get());
    return incident;
  }

  /**
   * Incidents opened at or after {@code since}: new ones, and ones reopened within the reopen
   * cooldown (the same id: a version's next fault shortly after its last is a reopen, not a new
   * incident).
   */
  private List<Observed<Incident>> openedSince(Instant since) {
    return recorder.since(Topics.INCIDENTS, since, i -> i.state() == IncidentState.OPEN);
  }

  /** Incidents first seen at or after {@code since}, one (the first revision) per id. */
  private List<Observed<Incident>> newIncidents(Instant since) {
    List<Observed<Incident>> all = recorder.since(Topics.INCIDENTS, Instant.EPOCH, i -> true);
    return all.stream()
        .filter(o -> !o.receivedAt().isBefore(since))
        .filter(
            o ->
                all.stream()
                    .noneMatch(
                        earlier ->
                            earlier.receivedAt().isBefore(since)
                                && earlier.value().incidentId().equals(o.value().incidentId())))
        .toList();
  }

  private Observed<DeviceFinding> awaitFinding(
      Instant since, java.util.function.Predicate<DeviceFinding> matches) {
    AtomicReference<Observed<DeviceFinding>> found = new AtomicReference<>();
    await("finding")
        .atMost(RAISE_TIMEOUT)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              recorder.since(Topics.DEVICE_FINDINGS, since, matches).stream()
                  .findFirst()
                  .ifPresent(found::set);
              return found.get() != null;
            });
    return found.get();
  }

  /**
   * The facts of an XID 79 incident raised after {@code faultAt}. Health and XID reach the
   * correlator separately and either may open the incident; the XID always revises it, so its
   * trigger is awaited on the incident's revisions.
   */
  private Xid79Facts xid79Facts(Incident incident, Instant faultAt) {
    String id = incident.incidentId();
    Trigger xid =
        await(id + " revised by its XID")
            .atMost(Duration.ofSeconds(30))
            .pollInterval(Duration.ofMillis(250))
            .until(
                () ->
                    recorder
                        .since(
                            Topics.INCIDENTS,
                            faultAt,
                            i ->
                                id.equals(i.incidentId())
                                    && i.trigger() != null
                                    && i.trigger().signal() == Signal.XID)
                        .stream()
                        .map(o -> o.value().trigger())
                        .findFirst(),
                Optional::isPresent)
            .orElseThrow();
    ActionType first =
        recorder.since(Topics.REMEDIATION, faultAt, a -> id.equals(a.incidentId())).stream()
            .map(Observed::value)
            .min(Comparator.comparingInt(RemediationAction::step))
            .map(RemediationAction::type)
            .orElse(null);
    return new Xid79Facts(
        incident.incidentClass(),
        incident.scope().nodes(),
        incident.scope().gpuUuids(),
        xid.signal(),
        xid.value(),
        xid.unit(),
        first);
  }

  /**
   * Until no incident resolved within the reopen cooldown: the next fault is a new incident. It
   * counts from the incident's resolvedAt, as the correlator does.
   */
  private void awaitReopenCooldown() {
    Instant lastResolved =
        recorder
            .since(Topics.INCIDENTS, Instant.EPOCH, i -> i.state() == IncidentState.RESOLVED)
            .stream()
            .map(o -> o.value().resolvedAt() != null ? o.value().resolvedAt() : o.receivedAt())
            .max(Comparator.naturalOrder())
            .orElse(Instant.EPOCH);
    Instant newIncident = lastResolved.plus(REOPEN_COOLDOWN).plusSeconds(2);
    await("the reopen cooldown over")
        .atMost(REOPEN_COOLDOWN.plusSeconds(10))
        .until(() -> !clock.instant().isBefore(newIncident));
  }

  /** The page the simulated exporter of {@code node} answers now. */
  private String exporterPage(String node) {
    @SuppressWarnings("unchecked")
    Map<String, String> exporters =
        (Map<String, String>) system.simulator().endpoints().get("exporters");
    var page = Http.get(exporters.get(node));
    assertThat(page.statusCode()).as(exporters.get(node)).isEqualTo(200);
    return page.body();
  }

  private List<RemediationAction> actionsFor(String incidentId) {
    return recorder
        .since(Topics.REMEDIATION, Instant.EPOCH, a -> incidentId.equals(a.incidentId()))
        .stream()
        .map(Observed::value)
        .toList();
  }

  /** The latest revision of an incident as published. */
  private Incident latest(String incidentId) {
    List<Observed<Incident>> revisions =
        recorder.since(Topics.INCIDENTS, Instant.EPOCH, i -> incidentId.equals(i.incidentId()));
    return revisions.get(revisions.size() - 1).value();
  }

  private IncidentState latestState(String incidentId) {
    return latest(incidentId).state();
  }

  private Instant resolvedAt(String incidentId) {
    return recorder
        .since(
            Topics.INCIDENTS,
            Instant.EPOCH,
            i -> incidentId.equals(i.incidentId()) && i.state() == IncidentState.RESOLVED)
        .stream()
        .findFirst()
        .map(Observed::receivedAt)
        .orElse(null);
  }

  /** The latest state of each action of an incident. */
  private List<RemediationAction> latestActions(String incidentId) {
    return actionsFor(incidentId).stream()
        .collect(
            java.util.stream.Collectors.toMap(
                RemediationAction::actionId, a -> a, (a, b) -> b, java.util.LinkedHashMap::new))
        .values()
        .stream()
        .toList();
  }
}
