package io.strata.watcherbench;

import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;

/** The status kubelet writes for a running pod (core/v1 PodStatus). */
final class PodStatuses {

  private static final String STARTED = "2026-12-01T08:00:05Z";

  private PodStatuses() {}

  static PodStatus running(int index, String node, String pod) {
    String podIp = "10." + (64 + index / 65_536) + "." + (index / 256 % 256) + "." + (index % 256);
    String hostIp = "172.16." + (index / 2_560 % 256) + "." + (index / 10 % 256);
    return new PodStatusBuilder()
        .withPhase("Running")
        .withHostIP(hostIp)
        .addNewHostIP(hostIp)
        .withPodIP(podIp)
        .addNewPodIP(podIp)
        .withStartTime("2026-12-01T08:00:00Z")
        .withQosClass("Burstable")
        .addNewCondition()
        .withType("PodReadyToStartContainers")
        .withStatus("True")
        .withLastTransitionTime(STARTED)
        .endCondition()
        .addNewCondition()
        .withType("Initialized")
        .withStatus("True")
        .withLastTransitionTime("2026-12-01T08:00:00Z")
        .endCondition()
        .addNewCondition()
        .withType("Ready")
        .withStatus("True")
        .withLastTransitionTime("2026-12-01T08:02:10Z")
        .endCondition()
        .addNewCondition()
        .withType("ContainersReady")
        .withStatus("True")
        .withLastTransitionTime("2026-12-01T08:02:10Z")
        .endCondition()
        .addNewCondition()
        .withType("PodScheduled")
        .withStatus("True")
        .withLastTransitionTime("2026-12-01T08:00:00Z")
        .endCondition()
        .addNewContainerStatus()
        .withName("vllm")
        .withImage(PodObjects.IMAGE)
        .withImageID(
            "docker.io/vllm/vllm-openai@sha256:"
                + "4f0e5b7d9c2a1e8b6d3f0a9c8e7b6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f")
        .withContainerID("containerd://" + Integer.toHexString(pod.hashCode()) + "0".repeat(56))
        .withReady(true)
        .withStarted(true)
        .withRestartCount(index % 17 == 0 ? 1 : 0)
        .withNewState()
        .withNewRunning()
        .withStartedAt(STARTED)
        .endRunning()
        .endState()
        .addNewVolumeMount()
        .withName("models")
        .withMountPath("/models")
        .withReadOnly(true)
        .endVolumeMount()
        .endContainerStatus()
        .build();
  }
}
