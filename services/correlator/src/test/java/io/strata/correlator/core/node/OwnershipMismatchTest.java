package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.CLAIM;
import static io.strata.correlator.core.node.NodeFixtures.CLAIM_KEY;
import static io.strata.correlator.core.node.NodeFixtures.GPU_KEY;
import static io.strata.correlator.core.node.NodeFixtures.POD_KEY;
import static io.strata.correlator.core.node.NodeFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.MismatchState;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.device.HealthStatus;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class OwnershipMismatchTest {

  private static final Duration GRACE = Duration.ofMinutes(2);

  /** IncidentIds of OWNERSHIP_MISMATCH|c1|node/gpu, "own-" and the episode's start (T0). */
  private static final String FINDING_ID = "own-490517882cee77eef02c-1796032800000";

  private final OwnershipMismatch ownership = new OwnershipMismatch(true, GRACE);

  private static NodeView draNode() {
    return NodeFixtures.nodeWithPod(false).withClaim(CLAIM_KEY, NodeFixtures.claim());
  }

  private static DeviceSample sample(DeviceOwner owner, Instant at) {
    return NodeFixtures.sample(owner, HealthStatus.PASS, at);
  }

  @Test
  void theExporterLabelsOfTheDraExampleAgreeWithTheClaim() {
    Transition<OwnershipMismatch.Checked, NodeForward.Finding> outcome =
        ownership.check(
            draNode(), GpuView.empty(), sample(NodeFixtures.exporterClaim("pod1", CLAIM), T0), T0);

    assertThat(outcome.next().kubernetes()).isPresent();
    assertThat(outcome.next().kubernetes().get().podKey()).isEqualTo(POD_KEY);
    assertThat(outcome.next().kubernetes().get().claimName()).isEqualTo(CLAIM);
    assertThat(outcome.next().lacksDraAttribution()).isFalse();
    assertThat(outcome.next().gpu().mismatch()).isNull();
    assertThat(outcome.emits()).isEmpty();
  }

  @Test
  void anotherPodIsReportedAfterTheGraceAndResolvedWithTheSameId() {
    NodeView view = draNode();
    DeviceOwner pod2 = NodeFixtures.exporterClaim("pod2", CLAIM);

    Transition<OwnershipMismatch.Checked, NodeForward.Finding> first =
        ownership.check(view, GpuView.empty(), sample(pod2, T0), T0);
    Instant late = T0.plus(GRACE);
    Transition<OwnershipMismatch.Checked, NodeForward.Finding> reported =
        ownership.check(view, first.next().gpu(), sample(pod2, late), late);
    Instant again = late.plusSeconds(10);
    Transition<OwnershipMismatch.Checked, NodeForward.Finding> resolved =
        ownership.check(
            view,
            reported.next().gpu(),
            sample(NodeFixtures.exporterClaim("pod1", CLAIM), again),
            again);

    assertThat(first.next().gpu().mismatch())
        .isEqualTo(new MismatchState(FindingReason.POD_DIFFERS, T0, false, null));
    assertThat(first.emits()).isEmpty();
    assertThat(reported.next().gpu().mismatch())
        .isEqualTo(new MismatchState(FindingReason.POD_DIFFERS, T0, true, FINDING_ID));
    NodeForward.Finding mismatch = reported.emits().get(0);
    assertThat(mismatch.key()).isEqualTo(GPU_KEY);
    assertThat(mismatch.finding().findingId()).isEqualTo(FINDING_ID);
    assertThat(mismatch.finding().kind()).isEqualTo(FindingKind.OWNERSHIP_MISMATCH);
    assertThat(mismatch.finding().reason()).isEqualTo(FindingReason.POD_DIFFERS);
    NodeForward.Finding closed = resolved.emits().get(0);
    assertThat(closed.finding().findingId()).isEqualTo(FINDING_ID);
    assertThat(closed.finding().kind()).isEqualTo(FindingKind.RESOLVED);
    assertThat(resolved.next().gpu().mismatch()).isNull();
  }

  @Test
  void anExporterWithoutItsDraMappingIsAFactAboutTheTargetNotAGpuMismatch() {
    Transition<OwnershipMismatch.Checked, NodeForward.Finding> outcome =
        ownership.check(
            draNode(), GpuView.empty(), sample(DeviceOwner.none(), T0.plus(GRACE)), T0.plus(GRACE));

    assertThat(outcome.next().lacksDraAttribution()).isTrue();
    assertThat(outcome.next().gpu().mismatch()).isNull();
    assertThat(outcome.emits()).isEmpty();
  }

  @Test
  void aPodKubernetesDoesNotKnowIsKubernetesHasNoOwner() {
    Transition<OwnershipMismatch.Checked, NodeForward.Finding> outcome =
        ownership.check(
            NodeView.empty(), GpuView.empty(), sample(NodeFixtures.exporterPod("pod1"), T0), T0);

    assertThat(outcome.next().kubernetes()).isEmpty();
    assertThat(outcome.next().gpu().mismatch())
        .isEqualTo(new MismatchState(FindingReason.KUBERNETES_HAS_NO_OWNER, T0, false, null));
  }
}
