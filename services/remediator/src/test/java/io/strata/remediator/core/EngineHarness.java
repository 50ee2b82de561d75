package io.strata.remediator.core;

import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ReviewRecord;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.cluster.ApiVersions;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.core.plan.ActionPlanner;
import io.strata.remediator.core.plan.ClassPlans;
import io.strata.remediator.core.policy.ActivePolicy;
import io.strata.remediator.kube.FabricDiscovery;
import io.strata.remediator.kube.FabricTargetGateway;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The engine's tests' world without Kafka or Quarkus: journal, notifier, reviews, the CRUD mock
 * cluster, its gateway, approvals and the executor on one clock; {@link #engine} builds the engine
 * on them with the settings and policy a test needs.
 */
final class EngineHarness implements AutoCloseable {

  /** Five nodes and 100 pods an hour, five attempts an hour. */
  static final GuardSettings GUARDS =
      new GuardSettings(5, 100, Duration.ofHours(1), 5, Duration.ofHours(1));

  /** What the engine undoes when an incident resolves. */
  static final Set<ActionType> TEMPORARY = Set.of(ActionType.CORDON_NODE);

  final MutableClock clock = new MutableClock(Fixtures.T0);
  final InMemoryJournal journal = new InMemoryJournal();
  final RecordingNotifier notifier = new RecordingNotifier();
  final List<ReviewRecord> reviews = new ArrayList<>();
  final MockCluster cluster = new MockCluster();
  final PatchFactory patches = new PatchFactory(Fixtures.patchSettings());
  final ApprovalService approvals = new ApprovalService(journal, clock);
  final FabricTargetGateway gateway;
  final ActionExecutor executor;

  /** {@link #GUARDS}, and a census without pools. */
  EngineHarness() {
    this(GUARDS, Optional.empty());
  }

  /** The census reports each node's {@link MockCluster#POOL_LABEL}, as policy rules read it. */
  static EngineHarness pooled(GuardSettings guards) {
    return new EngineHarness(guards, Optional.of(MockCluster.POOL_LABEL));
  }

  private EngineHarness(GuardSettings guards, Optional<String> poolLabel) {
    gateway =
        new FabricTargetGateway(
            cluster.client,
            FabricDiscovery.versions(cluster.client, clock, ApiVersions.Settings.DEFAULTS),
            "nvidia.com/gpu.present=true",
            poolLabel);
    executor =
        new ActionExecutor(
            journal, gateway, patches, new ExecutionGuards(guards, new PauseSwitch(false)), clock);
  }

  /** Three attempts, no dry run, the cordon temporary. */
  static EngineSettings settings(UndoMode undo, Duration deadline, DeadlinePolicy onDeadline) {
    return new EngineSettings(3, false, TEMPORARY, undo, deadline, onDeadline);
  }

  /** Without a policy: every step proposed. */
  RemediationEngine engine(EngineSettings settings, LogLinks logLinks) {
    return new RemediationEngine(
        journal,
        planner(),
        gateway,
        patches,
        approvals,
        notifier,
        reviews::add,
        settings,
        clock,
        logLinks);
  }

  /** With {@code policy} deciding each step on the cluster's node labels and pools. */
  RemediationEngine engine(EngineSettings settings, ActivePolicy policy) {
    return new RemediationEngine(
        journal,
        planner(),
        gateway,
        patches,
        approvals,
        notifier,
        reviews::add,
        settings,
        clock,
        LogLinks.none(),
        new ClusterPolicyGate(policy, gateway, clock, (rule, e) -> {}));
  }

  private static ActionPlanner planner() {
    return new ActionPlanner(new ClassPlans(Map.of()));
  }

  @Override
  public void close() {
    cluster.close();
  }
}
