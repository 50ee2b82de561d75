package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.kubetest.ServedApis;
import io.strata.remediator.core.cluster.ApiVersions;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.execute.ExecutionResult;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.kube.CustomKinds;
import io.strata.remediator.kube.FabricDiscovery;
import io.strata.remediator.kube.FabricTargetGateway;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One action and its undo through the real executor, fabric8 client and CRUD mock server: create
 * objects from JSON, approve and run an action, read the exact patch and inverse it recorded, undo
 * it, and change objects in between as someone else would.
 */
final class MechanismHarness implements AutoCloseable {

  final MutableClock clock = new MutableClock(Fixtures.T0);
  final InMemoryJournal journal = new InMemoryJournal();
  final MockCluster cluster;
  final FabricTargetGateway gateway;
  final PatchFactory patches = new PatchFactory(Fixtures.patchSettings());
  final ActionExecutor executor;
  final ApprovalService approvals = new ApprovalService(journal, clock);

  /** A cluster with every custom kind installed. */
  MechanismHarness() {
    this(CustomKinds.served());
  }

  /** A cluster serving what {@code served} lists; discovery is read on the harness's clock. */
  MechanismHarness(ServedApis served) {
    cluster = new MockCluster(served);
    gateway =
        new FabricTargetGateway(
            cluster.client,
            FabricDiscovery.versions(cluster.client, clock, ApiVersions.Settings.DEFAULTS),
            "nvidia.com/gpu.present=true",
            Optional.empty());
    executor =
        new ActionExecutor(
            journal,
            gateway,
            patches,
            new ExecutionGuards(
                new GuardSettings(2, 100, Duration.ofHours(1), 3, Duration.ofMinutes(30)),
                new PauseSwitch(false)),
            clock);
  }

  /** Creates an object of {@code plural} from its JSON. */
  void create(String plural, String json) {
    GenericKubernetesResource resource =
        cluster
            .client
            .getKubernetesSerialization()
            .unmarshal(json, GenericKubernetesResource.class);
    var ops = cluster.client.genericKubernetesResources(context(resource, plural));
    String ns = resource.getMetadata().getNamespace();
    (ns == null ? ops.resource(resource) : ops.inNamespace(ns).resource(resource)).create();
  }

  /** The object as the API server has it. */
  JsonNode get(TargetRef ref) throws TargetException {
    return gateway.read(ref).orElseThrow().body();
  }

  /** Someone else changes the object (a person, an autoscaler, NVSentinel). */
  void edit(TargetRef ref, UnaryOperator<JsonNode> change) throws TargetException {
    JsonNode changed = change.apply(get(ref).deepCopy());
    ((com.fasterxml.jackson.databind.node.ObjectNode) changed.path("metadata"))
        .remove("resourceVersion");
    gateway.mergePatch(ref, KubeJson.write(changed), null);
  }

  /** Proposes, approves and executes {@code type} on {@code target}; returns its id. */
  String run(ActionType type, TargetRef target) {
    String id = ActionIds.of("inc-1", 1, type, target);
    journal.record(
        Actions.proposed(
            id, "inc-1", 1, type, target, null, null, "step 1", 3, false, null, clock.instant()));
    assertThat(approvals.approve(id, "alice", ApprovalChannel.REST).outcome())
        .isEqualTo(Decision.Outcome.APPROVED);
    assertThat(executor.execute(id)).isEqualTo(ExecutionResult.FINISHED);
    return id;
  }

  /** Approves and executes the undo of {@code actionId}; returns the undo's id. */
  String undo(String actionId) {
    Decision undo = approvals.undo(actionId, "alice", ApprovalChannel.REST);
    assertThat(undo.outcome()).isEqualTo(Decision.Outcome.APPROVED);
    String undoId = undo.action().orElseThrow().actionId();
    assertThat(executor.execute(undoId)).isEqualTo(ExecutionResult.FINISHED);
    return undoId;
  }

  RemediationAction latest(String id) {
    return journal.store().latest(id).orElseThrow();
  }

  /** The exact patch an action sent (recorded when it entered EXECUTING). */
  String patchOf(String id) {
    return executing(id).patch();
  }

  String inverseOf(String id) {
    return executing(id).inversePatch();
  }

  private RemediationAction executing(String id) {
    return journal.store().history(id).stream()
        .filter(a -> a.state() == ActionState.EXECUTING)
        .reduce((a, b) -> b)
        .orElseThrow(() -> new AssertionError(id + " never executed: " + latest(id)));
  }

  private static ResourceDefinitionContext context(GenericKubernetesResource r, String plural) {
    String apiVersion = r.getApiVersion();
    int slash = apiVersion.indexOf('/');
    return new ResourceDefinitionContext.Builder()
        .withGroup(slash < 0 ? "" : apiVersion.substring(0, slash))
        .withVersion(slash < 0 ? apiVersion : apiVersion.substring(slash + 1))
        .withKind(r.getKind())
        .withPlural(plural)
        .withNamespaced(r.getMetadata().getNamespace() != null)
        .build();
  }

  @Override
  public void close() {
    cluster.close();
  }
}
