package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.TargetRef;
import io.strata.kubetest.ApiDiscovery;
import io.strata.kubetest.ServedApis;
import io.strata.remediator.core.execute.ActionExecutor;
import io.strata.remediator.core.execute.ExecutionResult;
import io.strata.remediator.core.guard.ExecutionGuards;
import io.strata.remediator.core.guard.GuardSettings;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.PatchFactory;
import io.strata.remediator.kube.FabricTargetGateway;
import io.strata.testsupport.MutableClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Transient and permanent API failures, against a mock API server scripted to fail. */
class ExecutorFailureTest {

  private static final String PATH = "/apis/apps/v1/namespaces/ml/deployments/llm";
  private static final TargetRef LLM = new TargetRef("apps/v1", "Deployment", "ml", "llm");

  private final MutableClock clock = new MutableClock(Fixtures.T0);
  private final InMemoryJournal journal = new InMemoryJournal();
  private KubernetesMockServer server;
  private ActionExecutor executor;

  @BeforeEach
  void start() {
    server = new KubernetesMockServer(false);
    server.init();
    ApiDiscovery.expectOn(server, ServedApis.kubernetes());
    Deployment llm =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName("llm")
            .withNamespace("ml")
            .withResourceVersion("7")
            .endMetadata()
            .build();
    server.expect().get().withPath(PATH).andReturn(200, llm).always();
    executor =
        new ActionExecutor(
            journal,
            // As in application.properties: no retries inside the client, the budget is ours.
            new FabricTargetGateway(
                server.createClient(
                    b -> b.editOrNewConfig().withRequestRetryBackoffLimit(0).endConfig()),
                "nvidia.com/gpu.present=true"),
            new PatchFactory(Fixtures.patchSettings()),
            new ExecutionGuards(
                new GuardSettings(2, 10, Duration.ofHours(1), 5, Duration.ofHours(1)),
                new PauseSwitch(false)),
            clock);
  }

  @AfterEach
  void stop() {
    server.destroy();
  }

  @Test
  void transientFailuresAreRetriedWithinTheBudget() {
    server.expect().patch().withPath(PATH).andReturn(503, status(503)).times(2);
    server.expect().patch().withPath(PATH).andReturn(200, new DeploymentBuilder().build()).once();
    String id = approvedScaleOut();

    assertThat(List.of(executor.execute(id), executor.execute(id), executor.execute(id)))
        .containsExactly(
            ExecutionResult.RETRY_LATER, ExecutionResult.RETRY_LATER, ExecutionResult.FINISHED);

    assertThat(journal.store().history(id))
        .extracting(RemediationAction::state, RemediationAction::attempt)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(ActionState.PROPOSED, 0),
            org.assertj.core.groups.Tuple.tuple(ActionState.APPROVED, 0),
            org.assertj.core.groups.Tuple.tuple(ActionState.EXECUTING, 1),
            org.assertj.core.groups.Tuple.tuple(ActionState.EXECUTING, 2),
            org.assertj.core.groups.Tuple.tuple(ActionState.EXECUTING, 3),
            org.assertj.core.groups.Tuple.tuple(ActionState.EXECUTED, 3));
  }

  @Test
  void theBudgetEndsInAttemptsExhausted() {
    server.expect().patch().withPath(PATH).andReturn(503, status(503)).always();
    String id = approvedScaleOut();

    executor.execute(id);
    executor.execute(id);
    assertThat(executor.execute(id)).isEqualTo(ExecutionResult.FINISHED);
    assertThat(executor.execute(id)).isEqualTo(ExecutionResult.NOTHING_TO_DO);

    RemediationAction last = journal.store().latest(id).orElseThrow();
    assertThat(last.state()).isEqualTo(ActionState.FAILED);
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.ATTEMPTS_EXHAUSTED);
    assertThat(last.attempt()).isEqualTo(3);
  }

  @Test
  void forbiddenAndUnknownErrorsArePermanent() {
    server.expect().patch().withPath(PATH).andReturn(403, status(403)).once();
    server.expect().patch().withPath(PATH).andReturn(422, status(422)).once();
    String forbidden = approvedScaleOut();
    assertThat(executor.execute(forbidden)).isEqualTo(ExecutionResult.FINISHED);
    assertThat(journal.store().latest(forbidden).orElseThrow().reason())
        .isEqualTo(ActionOutcomeReason.FORBIDDEN);

    String invalid = approved(ActionType.LOWER_CONCURRENCY, 3);
    assertThat(executor.execute(invalid)).isEqualTo(ExecutionResult.FINISHED);
    RemediationAction last = journal.store().latest(invalid).orElseThrow();
    assertThat(last.state()).isEqualTo(ActionState.FAILED);
    assertThat(last.reason()).isEqualTo(ActionOutcomeReason.PERMANENT_API_ERROR);
    assertThat(last.attempt()).isEqualTo(1);
  }

  private String approvedScaleOut() {
    return approved(ActionType.SCALE_OUT, 2);
  }

  private String approved(ActionType type, int step) {
    String id = ActionIds.of("inc-f", step, type, LLM);
    journal.record(
        Actions.proposed(
            id, "inc-f", step, type, LLM, null, null, "step", 3, false, null, clock.instant()));
    new ApprovalService(journal, clock).approve(id, "alice", ApprovalChannel.REST);
    return id;
  }

  private static Status status(int code) {
    return new StatusBuilder().withCode(code).withMessage("scripted " + code).build();
  }
}
