package io.strata.correlator.streams;

import static io.strata.correlator.streams.Scenario.CLUSTER;
import static io.strata.correlator.streams.Scenario.NS;
import static io.strata.correlator.streams.Scenario.at;
import static io.strata.correlator.streams.Scenario.normalFields;
import static io.strata.correlator.streams.Scenario.pod;
import static io.strata.correlator.streams.Scenario.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.core.state.WorkloadView;
import io.strata.events.device.DeviceFinding;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.FindingKind;
import io.strata.events.device.FindingReason;
import io.strata.events.device.HealthStatus;
import io.strata.events.k8s.AllocatedDevice;
import io.strata.events.k8s.ClaimState;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.PodPhase;
import io.strata.events.topic.Keys;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The design's second confirmation: exporter labels against the Kubernetes view. */
class OwnershipScenarioTest {

  @Test
  void exporterAndKubernetesDisagreeingPastTheGraceIsOneFindingThenItsResolution() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("train-0", "train", "node-1", "v1", PodPhase.RUNNING, "GPU-x"), at(0));
      s.pod(pod("serve-0", "serve", "node-1", "v1", PodPhase.RUNNING, "GPU-y"), at(0));
      // The exporter says serve-0 holds GPU-x; Kubernetes says train-0 does.
      for (long t = 0; t <= 25; t += 5) {
        s.sample(sample("node-1", "GPU-x", "serve-0", HealthStatus.PASS, normalFields(50)), at(t));
      }
      assertThat(s.findings()).as("within the 30 s grace").isEmpty();

      s.sample(sample("node-1", "GPU-x", "serve-0", HealthStatus.PASS, normalFields(50)), at(30));
      s.sample(sample("node-1", "GPU-x", "serve-0", HealthStatus.PASS, normalFields(50)), at(35));

      List<DeviceFinding> findings = s.findings();
      assertThat(findings).hasSize(1);
      DeviceFinding mismatch = findings.get(0);
      assertThat(s.findingRecords().get(0).key()).isEqualTo(Keys.gpu(CLUSTER, "node-1", "GPU-x"));
      assertThat(mismatch.kind()).isEqualTo(FindingKind.OWNERSHIP_MISMATCH);
      assertThat(mismatch.reason()).isEqualTo(FindingReason.POD_DIFFERS);
      assertThat(mismatch.gpuUuid()).isEqualTo("GPU-x");
      assertThat(mismatch.node()).isEqualTo("node-1");
      assertThat(mismatch.exporterOwner().pod()).isEqualTo("serve-0");
      assertThat(mismatch.kubernetesOwner().pod()).isEqualTo("train-0");
      assertThat(mismatch.kubernetesOwner().namespace()).isEqualTo(NS);
      assertThat(mismatch.detectedAt()).isEqualTo(at(30));
      assertThat(mismatch.message())
          .contains("exporter says pod ml/serve-0, Kubernetes says pod ml/train-0");
      assertThat(
              s.registry
                  .counter("strata.correlator.ownership.mismatches", "reason", "POD_DIFFERS")
                  .count())
          .isEqualTo(1.0);
      // The join trusts Kubernetes: the GPU's state goes to train, not to serve.
      WorkloadView train = s.workload("c1/ml/train");
      assertThat(train.gpus()).containsOnlyKeys("GPU-x");

      s.sample(sample("node-1", "GPU-x", "train-0", HealthStatus.PASS, normalFields(50)), at(40));
      findings = s.findings();
      assertThat(findings).hasSize(2);
      assertThat(findings.get(1).kind()).isEqualTo(FindingKind.RESOLVED);
      assertThat(findings.get(1).findingId()).isEqualTo(mismatch.findingId());
      assertThat(s.incidents()).isEmpty();
    }
  }

  @Test
  void exporterNamingAPodKubernetesDoesNotKnowIsReported() {
    try (Scenario s = new Scenario()) {
      s.sample(sample("node-1", "GPU-z", "ghost-0", HealthStatus.PASS, normalFields(50)), at(0));
      s.sample(sample("node-1", "GPU-z", "ghost-0", HealthStatus.PASS, normalFields(50)), at(31));

      assertThat(s.findings())
          .singleElement()
          .satisfies(f -> assertThat(f.reason()).isEqualTo(FindingReason.KUBERNETES_HAS_NO_OWNER));
    }
  }

  @Test
  void draClaimLabelsAreCheckedAgainstTheAllocatedClaim() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("infer-0", "infer", "node-2", "v1", PodPhase.RUNNING), at(0));
      s.claim(
          new ClaimState(
              CLUSTER,
              NS,
              "infer-0-gpu",
              "uid-claim",
              "v1",
              true,
              "node-2",
              List.of(
                  new AllocatedDevice("gpu", "gpu.nvidia.com", "node-2", "gpu-0", "GPU-d", false)),
              List.of(new ObjectRef("v1", "Pod", NS, "infer-0", "uid-infer-0")),
              null,
              "1",
              at(0)),
          at(0));
      DeviceOwner wrongClaim =
          new DeviceOwner(
              null,
              null,
              null,
              null,
              null,
              NS,
              "other-claim",
              "gpu.nvidia.com",
              null,
              null,
              null,
              null);
      DeviceSample labelled =
          withOwner(
              sample("node-2", "GPU-d", null, HealthStatus.PASS, normalFields(40)), wrongClaim);
      s.sample(labelled, at(0));
      s.sample(labelled, at(30));

      assertThat(s.findings())
          .singleElement()
          .satisfies(
              f -> {
                assertThat(f.reason()).isEqualTo(FindingReason.CLAIM_DIFFERS);
                assertThat(f.kubernetesOwner().draClaimName()).isEqualTo("infer-0-gpu");
                assertThat(f.kubernetesOwner().pod()).isEqualTo("infer-0");
              });
      // The claim's pod owns the GPU for the join.
      WorkloadView infer = s.workload("c1/ml/infer");
      assertThat(infer.gpus()).containsOnlyKeys("GPU-d");
    }
  }

  @Test
  void anExporterWithoutDraMappingIsOneFindingForItsTargetNotOnePerGpu() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("infer-0", "infer", "node-2", "v1", PodPhase.RUNNING), at(0));
      for (String gpu : List.of("GPU-d0", "GPU-d1")) {
        s.claim(
            new ClaimState(
                CLUSTER,
                NS,
                "claim-" + gpu,
                "uid-" + gpu,
                "v1",
                true,
                "node-2",
                List.of(
                    new AllocatedDevice("gpu", "gpu.nvidia.com", "node-2", "gpu-0", gpu, false)),
                List.of(new ObjectRef("v1", "Pod", NS, "infer-0", "uid-infer-0")),
                null,
                "1",
                at(0)),
            at(0));
      }
      for (long t : List.of(0L, 30L, 60L)) {
        s.sample(sample("node-2", "GPU-d0", null, HealthStatus.PASS, normalFields(40)), at(t));
        s.sample(sample("node-2", "GPU-d1", null, HealthStatus.PASS, normalFields(40)), at(t));
      }

      DeviceSample any = sample("node-2", "GPU-d0", null, HealthStatus.PASS, normalFields(40));
      assertThat(s.findingRecords())
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.key()).isEqualTo(CLUSTER + "/" + any.target());
                assertThat(r.value().reason())
                    .isEqualTo(FindingReason.EXPORTER_WITHOUT_DRA_ATTRIBUTION);
                assertThat(r.value().kind()).isEqualTo(FindingKind.OWNERSHIP_MISMATCH);
                assertThat(r.value().gpuUuid()).isNull();
                assertThat(r.value().target()).isEqualTo(any.target());
              });

      // The exporter's DRA mapping is switched on: it labels the claim, the finding resolves.
      DeviceOwner labelled =
          new DeviceOwner(
              null,
              null,
              null,
              null,
              null,
              NS,
              "claim-GPU-d0",
              "gpu.nvidia.com",
              null,
              null,
              null,
              null);
      s.sample(
          withOwner(
              sample("node-2", "GPU-d0", null, HealthStatus.PASS, normalFields(40)), labelled),
          at(90));
      assertThat(s.findings())
          .extracting(DeviceFinding::kind)
          .containsExactly(FindingKind.OWNERSHIP_MISMATCH, FindingKind.RESOLVED);
    }
  }

  @Test
  void aDeletedPodReleasesItsGpuFromTheWorkload() {
    try (Scenario s = new Scenario()) {
      s.pod(pod("train-0", "train", "node-1", "v1", PodPhase.RUNNING, "GPU-x"), at(0));
      s.sample(sample("node-1", "GPU-x", "train-0", HealthStatus.PASS, normalFields(50)), at(1));
      assertThat(s.workload("c1/ml/train").gpus()).containsOnlyKeys("GPU-x");
      assertThat(s.workload("c1/ml/train").pods()).containsOnlyKeys("c1/ml/train-0");

      s.podDeleted("train-0", at(5));
      s.sample(sample("node-1", "GPU-x", null, HealthStatus.PASS, normalFields(0)), at(10));

      assertThat(s.workload("c1/ml/train").gpus()).isEmpty();
      assertThat(s.workload("c1/ml/train").pods()).isEmpty();
      assertThat(s.findings()).isEmpty();
    }
  }

  private static DeviceSample withOwner(DeviceSample sample, DeviceOwner owner) {
    return new DeviceSample(
        sample.cluster(),
        sample.node(),
        sample.gpuUuid(),
        sample.gpuIndex(),
        sample.pciBusId(),
        sample.device(),
        sample.modelName(),
        sample.driverVersion(),
        sample.migProfile(),
        sample.migInstanceId(),
        owner,
        sample.health(),
        sample.fields(),
        sample.otherFields(),
        sample.lastXid(),
        sample.target(),
        sample.scrapedAt());
  }
}
