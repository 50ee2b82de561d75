package io.strata.correlator.core.node;

import static io.strata.correlator.core.node.NodeFixtures.CLAIM;
import static io.strata.correlator.core.node.NodeFixtures.CLAIM_KEY;
import static io.strata.correlator.core.node.NodeFixtures.T0;
import static io.strata.correlator.core.node.NodeFixtures.TARGET;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.MismatchState;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.device.HealthStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClaimAttributionTest {

  private static final Duration GRACE = Duration.ofMinutes(2);

  /** IncidentIds of OWNERSHIP_MISMATCH|c1|target, "dra-" and the episode's start (T0). */
  private static final String FINDING_ID = "dra-fd8cd98315a5f0e3ad7e-1796032800000";

  private static final String FINDING_KEY = "c1/" + TARGET;

  private final ClaimAttribution attribution = new ClaimAttribution(GRACE);

  private static final Optional<KubernetesOwner> HELD_BY_CLAIM =
      Optional.of(
          new KubernetesOwner(
              NodeFixtures.POD_KEY, null, NodeFixtures.NAMESPACE, CLAIM, NodeFixtures.DRIVER));

  private static NodeView draNode() {
    return NodeView.empty().withClaim(CLAIM_KEY, NodeFixtures.claim());
  }

  private static DeviceSample unlabelled(Instant at) {
    return NodeFixtures.sample(DeviceOwner.none(), HealthStatus.PASS, at);
  }

  @Test
  void aTargetLackingDraMappingIsOneFindingAfterTheGraceResolvedWhenItLabelsAgain() {
    Transition<NodeView, NodeForward> first =
        attribution.track(draNode(), unlabelled(T0), HELD_BY_CLAIM, true, T0);
    Instant late = T0.plus(GRACE);
    Transition<NodeView, NodeForward> reported =
        attribution.track(first.next(), unlabelled(late), HELD_BY_CLAIM, true, late);
    Transition<NodeView, NodeForward> quiet =
        attribution.track(
            reported.next(), unlabelled(late.plusSeconds(5)), HELD_BY_CLAIM, true, late);
    Instant labelled = late.plusSeconds(30);
    Transition<NodeView, NodeForward> resolved =
        attribution.track(
            quiet.next(),
            NodeFixtures.sample(
                NodeFixtures.exporterClaim("pod1", CLAIM), HealthStatus.PASS, labelled),
            HELD_BY_CLAIM,
            false,
            labelled);

    assertThat(first.emits()).isEmpty();
    assertThat(first.next().targets())
        .containsEntry(
            TARGET,
            new MismatchState(FindingReason.EXPORTER_WITHOUT_DRA_ATTRIBUTION, T0, false, null));
    NodeForward.Finding finding = (NodeForward.Finding) reported.emits().get(0);
    assertThat(finding.key()).isEqualTo(FINDING_KEY);
    assertThat(finding.finding().findingId()).isEqualTo(FINDING_ID);
    assertThat(finding.finding().kind()).isEqualTo(FindingKind.OWNERSHIP_MISMATCH);
    assertThat(finding.finding().reason())
        .isEqualTo(FindingReason.EXPORTER_WITHOUT_DRA_ATTRIBUTION);
    assertThat(finding.finding().gpuUuid()).isNull();
    assertThat(quiet.emits()).isEmpty();
    NodeForward.Finding closed = (NodeForward.Finding) resolved.emits().get(0);
    assertThat(closed.finding().findingId()).isEqualTo(FINDING_ID);
    assertThat(closed.finding().kind()).isEqualTo(FindingKind.RESOLVED);
    assertThat(resolved.next().targets()).isEmpty();
  }

  @Test
  void aGpuNoClaimHoldsOrASampleWithoutTargetSaysNothingAboutTheTarget() {
    Optional<KubernetesOwner> byPlugin =
        Optional.of(new KubernetesOwner(NodeFixtures.POD_KEY, null, null, null, null));
    DeviceSample noTarget =
        NodeFixtures.sample(NodeFixtures.GPU, null, DeviceOwner.none(), HealthStatus.PASS, T0);

    Transition<NodeView, NodeForward> plugin =
        attribution.track(draNode(), unlabelled(T0), byPlugin, true, T0);
    Transition<NodeView, NodeForward> nobody =
        attribution.track(draNode(), unlabelled(T0), Optional.empty(), true, T0);
    Transition<NodeView, NodeForward> untargeted =
        attribution.track(draNode(), noTarget, HELD_BY_CLAIM, true, T0);

    assertThat(plugin).isEqualTo(Transition.of(draNode()));
    assertThat(nobody).isEqualTo(Transition.of(draNode()));
    assertThat(untargeted).isEqualTo(Transition.of(draNode()));
  }
}
