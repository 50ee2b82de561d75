package io.strata.k8swatcher.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.strata.k8swatcher.dra.DraV1Adapter;
import io.strata.k8swatcher.identity.WorkloadIdentity;
import io.strata.k8swatcher.identity.WorkloadResolver;
import io.strata.k8swatcher.support.Objects;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Trimming keeps the watcher's output: every object maps to the same record trimmed as whole, and
 * what is dropped is what no mapper reads.
 */
class CachedFieldsTest {

  private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
  private static final GpuResources GPUS = new GpuResources(List.of("nvidia.com/gpu"));
  private static final List<String> VERSION_KEYS = List.of("model_version");
  private static final String QUEUE_KEY = "kueue.x-k8s.io/queue-name";

  private final CachedFields kept = new CachedFields(List.of("model_version", QUEUE_KEY));
  private final PodMapper pods = new PodMapper("c1", GPUS, VERSION_KEYS, QUEUE_KEY);
  private final NodeMapper nodes =
      new NodeMapper("c1", GPUS, "nvidia.com/gpu.product", List.of(), List.of("nvidia.com/gpu"));

  @Test
  void aTrimmedPodMapsToTheSameStateAndInterest() {
    Pod whole = servingPod();
    Pod trimmed = kept.pod(new PodBuilder(whole).build());

    WorkloadIdentity identity = resolver().resolve(whole);
    assertThat(resolver().resolve(trimmed)).isEqualTo(identity);
    assertThat(pods.map(trimmed, identity, Objects.H100, NOW))
        .isEqualTo(pods.map(whole, identity, Objects.H100, NOW));
    assertThat(new PodInterest(GPUS, List.of()).test(trimmed)).isTrue();

    assertThat(trimmed.getMetadata().getManagedFields()).isEmpty();
    assertThat(trimmed.getMetadata().getAnnotations())
        .containsExactlyEntriesOf(Map.of("model_version", "llama-3.1-70b-v7"));
    assertThat(trimmed.getSpec().getContainers().get(0).getEnv()).isEmpty();
    assertThat(trimmed.getSpec().getVolumes()).isEmpty();
    assertThat(trimmed.getStatus().getContainerStatuses().get(0).getState()).isNull();
    assertThat(trimmed.getStatus().getContainerStatuses().get(0).getLastState().getTerminated())
        .isNotNull();
  }

  @Test
  void aTrimmedNodeMapsToTheSameStateWithoutItsImages() {
    Node whole =
        new NodeBuilder(Objects.gpuNode("gpu-node-1"))
            .editStatus()
            .addNewImage()
            .withNames("nvcr.io/nvidia/cuda@sha256:0123", "nvcr.io/nvidia/cuda:12.6.0")
            .withSizeBytes(4_000_000_000L)
            .endImage()
            .withNewNodeInfo()
            .withKubeletVersion("v1.34.1")
            .endNodeInfo()
            .endStatus()
            .build();
    Node trimmed = kept.node(new NodeBuilder(whole).build());

    assertThat(nodes.map(trimmed, NOW)).isEqualTo(nodes.map(whole, NOW));
    assertThat(trimmed.getStatus().getImages()).isEmpty();
    assertThat(trimmed.getStatus().getNodeInfo()).isNull();
  }

  @Test
  void aTrimmedEventMapsToTheSameRecord() {
    Pod pod = servingPod();
    Event whole =
        new EventBuilder(Objects.event("serving", "ev-1", pod, "BackOff", "back-off 5m0s", 12))
            .editMetadata()
            .addToManagedFields(new ManagedFieldsEntryBuilder().withManager("kubelet").build())
            .endMetadata()
            .withReportingInstance("gpu-node-1")
            .build();
    Event trimmed = kept.event(new EventBuilder(whole).build());
    EventMapper events = new EventMapper("c1");

    assertThat(events.map(trimmed, events.partialIdentity(trimmed), NOW))
        .isEqualTo(events.map(whole, events.partialIdentity(whole), NOW));
    assertThat(trimmed.getMetadata().getManagedFields()).isEmpty();
  }

  @Test
  void aTrimmedClaimIsTheSameNeutralClaimAndAReplicaSetKeepsItsOwners() {
    ResourceClaim whole = Objects.allocatedClaim("serving", "chat-gpu", "gpu-node-1", servingPod());
    ResourceClaim trimmed = kept.claim(new ResourceClaimBuilder(whole).build());
    DraV1Adapter adapter = new DraV1Adapter(List.of("uuid"));
    assertThat(adapter.claim(trimmed)).isEqualTo(adapter.claim(whole));
    assertThat(trimmed.getSpec()).isNull();

    ReplicaSet replicaSet = kept.replicaSet(replicaSet());
    assertThat(replicaSet.getMetadata().getOwnerReferences())
        .extracting(o -> o.getKind() + "/" + o.getName())
        .containsExactly("Deployment/chat");
    assertThat(replicaSet.getSpec()).isNull();
  }

  private static WorkloadResolver resolver() {
    ReplicaSet owner = replicaSet();
    return new WorkloadResolver(
        (kind, namespace, name) ->
            "ReplicaSet".equals(kind) && "chat-7d9f".equals(name)
                ? Optional.of(owner.getMetadata().getOwnerReferences())
                : Optional.empty());
  }

  private static ReplicaSet replicaSet() {
    return new ReplicaSetBuilder()
        .withNewMetadata()
        .withNamespace("serving")
        .withName("chat-7d9f")
        .withUid("uid-replicaset-chat-7d9f")
        .addToOwnerReferences(Objects.controller("apps/v1", "Deployment", "chat"))
        .endMetadata()
        .withNewSpec()
        .withReplicas(2)
        .withNewTemplate()
        .withNewSpec()
        .addNewContainer()
        .withName("vllm")
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }

  /** A vLLM pod as the API server returns it: env, volumes, probes, managed fields, statuses. */
  private static Pod servingPod() {
    return Objects.gpuPod("serving", "chat-7d9f-x2k9q", 1)
        .editMetadata()
        .withResourceVersion("4711")
        .withCreationTimestamp("2026-12-01T10:00:00Z")
        .addToLabels("app", "chat")
        .addToLabels("pod-template-hash", "7d9f")
        .addToAnnotations("model_version", "llama-3.1-70b-v7")
        .addToAnnotations("kubectl.kubernetes.io/last-applied-configuration", "{\"big\":true}")
        .addToOwnerReferences(Objects.controller("apps/v1", "ReplicaSet", "chat-7d9f"))
        .addToManagedFields(new ManagedFieldsEntryBuilder().withManager("kubelet").build())
        .endMetadata()
        .editSpec()
        .withNodeName("gpu-node-1")
        .editFirstContainer()
        .addNewEnv()
        .withName("VLLM_PORT")
        .withValue("8000")
        .endEnv()
        .addNewVolumeMount()
        .withName("models")
        .withMountPath("/models")
        .endVolumeMount()
        .endContainer()
        .addToInitContainers(
            new ContainerBuilder()
                .withName("fetch-weights")
                .withImage("busybox")
                .withNewResources()
                .addToLimits("nvidia.com/gpu", new Quantity("2"))
                .endResources()
                .build())
        .addNewVolume()
        .withName("models")
        .withNewEmptyDir()
        .endEmptyDir()
        .endVolume()
        .addNewResourceClaim()
        .withName("gpu")
        .withResourceClaimTemplateName("one-gpu")
        .endResourceClaim()
        .endSpec()
        .withNewStatus()
        .withPhase("Running")
        .withHostIP("10.0.0.7")
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withLastTransitionTime("2026-12-01T10:01:00Z")
        .endCondition()
        .addToContainerStatuses(Objects.oomKilledOnce("main"))
        .addNewResourceClaimStatus()
        .withName("gpu")
        .withResourceClaimName("chat-7d9f-x2k9q-gpu-abcde")
        .endResourceClaimStatus()
        .endStatus()
        .build();
  }
}
