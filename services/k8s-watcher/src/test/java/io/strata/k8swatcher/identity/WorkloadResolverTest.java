package io.strata.k8swatcher.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.strata.events.k8s.WorkloadKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WorkloadResolverTest {

  private static final Map<String, List<OwnerReference>> CACHE =
      Map.of(
          "ReplicaSet/ml/llm-7d9f8",
          List.of(owner("Deployment", "llm", true)),
          "ReplicaSet/ml/orphan-rs",
          List.of(),
          "Job/ml/nightly-1",
          List.of(owner("CronJob", "nightly", true)),
          "Job/ml/adhoc",
          List.of());

  private final WorkloadResolver resolver =
      new WorkloadResolver(
          (kind, ns, name) -> Optional.ofNullable(CACHE.get(kind + "/" + ns + "/" + name)));

  @Test
  void replicaSetResolvesToItsDeployment() {
    assertThat(resolver.resolve(pod(Map.of(), owner("ReplicaSet", "llm-7d9f8", true))))
        .isEqualTo(new WorkloadIdentity(WorkloadKind.DEPLOYMENT, "llm", null, null, true));
  }

  @Test
  void replicaSetWithoutOwnerIsTheWorkload() {
    assertThat(resolver.resolve(pod(Map.of(), owner("ReplicaSet", "orphan-rs", true))))
        .isEqualTo(new WorkloadIdentity(WorkloadKind.REPLICA_SET, "orphan-rs", null, null, true));
  }

  @Test
  void replicaSetNotCachedYetIsIncompleteSoThePodIsMappedAgainLater() {
    assertThat(resolver.resolve(pod(Map.of(), owner("ReplicaSet", "late-rs", true))))
        .isEqualTo(new WorkloadIdentity(WorkloadKind.REPLICA_SET, "late-rs", null, null, false));
  }

  @Test
  void jobResolvesToItsCronJobAndKeepsTheJobName() {
    assertThat(resolver.resolve(pod(Map.of(), owner("Job", "nightly-1", true))))
        .isEqualTo(new WorkloadIdentity(WorkloadKind.CRON_JOB, "nightly", "nightly-1", null, true));
    assertThat(resolver.resolve(pod(Map.of(), owner("Job", "adhoc", true))))
        .isEqualTo(new WorkloadIdentity(WorkloadKind.JOB, "adhoc", "adhoc", null, true));
  }

  @Test
  void directControllers() {
    assertThat(resolver.resolve(pod(Map.of(), owner("StatefulSet", "db", true))).kind())
        .isEqualTo(WorkloadKind.STATEFUL_SET);
    assertThat(resolver.resolve(pod(Map.of(), owner("DaemonSet", "dcgm-exporter", true))))
        .isEqualTo(
            new WorkloadIdentity(WorkloadKind.DAEMON_SET, "dcgm-exporter", null, null, true));
  }

  @Test
  void knativeLabelsWinOverTheOwnerChain() {
    Pod pod =
        pod(
            Map.of(
                "serving.knative.dev/service", "chat",
                "serving.knative.dev/revision", "chat-00007"),
            owner("ReplicaSet", "llm-7d9f8", true));
    assertThat(resolver.resolve(pod))
        .isEqualTo(
            new WorkloadIdentity(WorkloadKind.KNATIVE_SERVICE, "chat", null, "chat-00007", true));
  }

  @Test
  void leaderWorkerSetByItsLabel() {
    Pod pod =
        pod(
            Map.of("leaderworkerset.sigs.k8s.io/name", "vllm-multinode"),
            owner("StatefulSet", "vllm-multinode-0", true));
    assertThat(resolver.resolve(pod))
        .isEqualTo(
            new WorkloadIdentity(
                WorkloadKind.LEADER_WORKER_SET, "vllm-multinode", null, null, true));
  }

  @Test
  void unknownControllerKeepsItsKindInTheName() {
    assertThat(resolver.resolve(pod(Map.of(), owner("RayCluster", "ray-head", true))))
        .isEqualTo(
            new WorkloadIdentity(WorkloadKind.OTHER, "RayCluster/ray-head", null, null, true));
  }

  @Test
  void podWithoutControllerIsBare() {
    assertThat(resolver.resolve(pod(Map.of())))
        .isEqualTo(new WorkloadIdentity(WorkloadKind.BARE_POD, "p", null, null, true));
    assertThat(
            resolver.resolve(
                pod(Map.of(), owner("ConfigMap", "a", false), owner("Secret", "b", false))))
        .isEqualTo(new WorkloadIdentity(WorkloadKind.BARE_POD, "p", null, null, true));
  }

  private static Pod pod(Map<String, String> labels, OwnerReference... owners) {
    return new PodBuilder()
        .withNewMetadata()
        .withNamespace("ml")
        .withName("p")
        .withLabels(labels)
        .withOwnerReferences(owners)
        .endMetadata()
        .build();
  }

  private static OwnerReference owner(String kind, String name, boolean controller) {
    return new OwnerReferenceBuilder()
        .withKind(kind)
        .withName(name)
        .withUid("uid-" + name)
        .withController(controller)
        .build();
  }
}
