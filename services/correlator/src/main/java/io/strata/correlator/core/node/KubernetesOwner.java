package io.strata.correlator.core.node;

import io.strata.events.device.DeviceOwner;
import io.strata.events.k8s.PodState;

/**
 * Who holds a GPU according to the Kubernetes API: the pod (device plugin allocation or the pod a
 * DRA claim is reserved for) and the DRA claim, when one allocated the GPU.
 *
 * @param pod null when only a claim is known and its pod is not (yet) seen
 */
public record KubernetesOwner(
    String podKey, PodState pod, String claimNamespace, String claimName, String claimDriver) {

  public String podNamespace() {
    return pod == null ? null : pod.correlation().namespace();
  }

  public String podName() {
    return pod == null ? null : pod.correlation().pod();
  }

  public DeviceOwner toDeviceOwner() {
    return new DeviceOwner(
        podNamespace(),
        podName(),
        null,
        pod == null ? null : pod.uid(),
        null,
        claimNamespace,
        claimName,
        claimDriver,
        null,
        null,
        null,
        null);
  }
}
