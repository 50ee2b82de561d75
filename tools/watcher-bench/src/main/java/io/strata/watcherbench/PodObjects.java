package io.strata.watcherbench;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.ArrayList;
import java.util.List;

/**
 * A vLLM serving pod (or a training Job's pod) as the API server returns it: controller labels,
 * scrape and rollout annotations, a dozen env vars, the projected service-account token volume,
 * probes, tolerations, kubelet's status with IPs and container ids, and managed fields of the
 * controller and the kubelet. Field names and shapes follow core/v1 Pod.
 */
final class PodObjects {

  static final String IMAGE = "vllm/vllm-openai:v0.11.0";

  private PodObjects() {}

  static Pod pod(
      FleetShape shape, int index, String namespace, OwnerReference owner, String claim) {
    String name = owner.getName() + "-" + suffix(index);
    String node = shape.node(index);
    ContainerBuilder container =
        new ContainerBuilder()
            .withName("vllm")
            .withImage(IMAGE)
            .withImagePullPolicy("IfNotPresent")
            .withCommand("python3", "-m", "vllm.entrypoints.openai.api_server")
            .withArgs(
                "--model", "/models/llama-3.1-8b", "--port", "8000", "--max-model-len", "8192")
            .withEnv(env(name, namespace))
            .addNewPort()
            .withName("http")
            .withContainerPort(8000)
            .withProtocol("TCP")
            .endPort()
            .addNewVolumeMount()
            .withName("models")
            .withMountPath("/models")
            .withReadOnly(true)
            .endVolumeMount()
            .addNewVolumeMount()
            .withName("shm")
            .withMountPath("/dev/shm")
            .endVolumeMount()
            .addNewVolumeMount()
            .withName("kube-api-access-" + suffix(index + 7))
            .withMountPath("/var/run/secrets/kubernetes.io/serviceaccount")
            .withReadOnly(true)
            .endVolumeMount()
            .withNewReadinessProbe()
            .withNewHttpGet()
            .withPath("/health")
            .withNewPort("http")
            .endHttpGet()
            .withPeriodSeconds(5)
            .endReadinessProbe()
            .withNewLivenessProbe()
            .withNewHttpGet()
            .withPath("/health")
            .withNewPort("http")
            .endHttpGet()
            .withInitialDelaySeconds(120)
            .endLivenessProbe()
            .withTerminationMessagePath("/dev/termination-log")
            .withTerminationMessagePolicy("File")
            .withNewResources()
            .addToRequests("cpu", new Quantity("8"))
            .addToRequests("memory", new Quantity("64Gi"))
            .addToLimits("memory", new Quantity("64Gi"))
            .endResources();
    if (claim == null) {
      container
          .editResources()
          .addToRequests("nvidia.com/gpu", new Quantity("1"))
          .addToLimits("nvidia.com/gpu", new Quantity("1"))
          .endResources();
    } else {
      container.editResources().addNewClaim().withName("gpu").endClaim().endResources();
    }
    PodBuilder pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withGenerateName(owner.getName() + "-")
            .withNamespace(namespace)
            .addToLabels("app.kubernetes.io/name", owner.getName())
            .addToLabels("app.kubernetes.io/part-of", "inference")
            .addToLabels("app.kubernetes.io/version", "2026.11")
            .addToLabels("pod-template-hash", "7d9f5c6b8")
            .addToAnnotations("prometheus.io/scrape", "true")
            .addToAnnotations("prometheus.io/port", "8000")
            .addToAnnotations("kubectl.kubernetes.io/restartedAt", "2026-11-30T09:12:44Z")
            .withOwnerReferences(owner)
            .withManagedFields(
                ManagedFields.entry("kube-controller-manager", null, specPaths()),
                ManagedFields.entry("kubelet", "status", statusPaths()))
            .endMetadata()
            .withNewSpec()
            .withNodeName(node)
            .withServiceAccountName("inference")
            .withSchedulerName("default-scheduler")
            .withRestartPolicy(claim == null ? "Always" : "Never")
            .withTerminationGracePeriodSeconds(30L)
            .withDnsPolicy("ClusterFirst")
            .withPriority(0)
            .withEnableServiceLinks(true)
            .addToContainers(container.build())
            .addNewVolume()
            .withName("models")
            .withNewPersistentVolumeClaim()
            .withClaimName("models-" + namespace)
            .withReadOnly(true)
            .endPersistentVolumeClaim()
            .endVolume()
            .addNewVolume()
            .withName("shm")
            .withNewEmptyDir()
            .withMedium("Memory")
            .withSizeLimit(new Quantity("16Gi"))
            .endEmptyDir()
            .endVolume()
            .addNewVolume()
            .withName("kube-api-access-" + suffix(index + 7))
            .withNewProjected()
            .withDefaultMode(420)
            .addNewSource()
            .withNewServiceAccountToken()
            .withExpirationSeconds(3607L)
            .withPath("token")
            .endServiceAccountToken()
            .endSource()
            .addNewSource()
            .withNewConfigMap()
            .withName("kube-root-ca.crt")
            .addNewItem()
            .withKey("ca.crt")
            .withPath("ca.crt")
            .endItem()
            .endConfigMap()
            .endSource()
            .endProjected()
            .endVolume()
            .addNewToleration()
            .withKey("node.kubernetes.io/not-ready")
            .withOperator("Exists")
            .withEffect("NoExecute")
            .withTolerationSeconds(300L)
            .endToleration()
            .addNewToleration()
            .withKey("node.kubernetes.io/unreachable")
            .withOperator("Exists")
            .withEffect("NoExecute")
            .withTolerationSeconds(300L)
            .endToleration()
            .addNewToleration()
            .withKey("nvidia.com/gpu")
            .withOperator("Exists")
            .withEffect("NoSchedule")
            .endToleration()
            .endSpec();
    if (claim != null) {
      pod.editSpec()
          .addNewResourceClaim()
          .withName("gpu")
          .withResourceClaimName(claim)
          .endResourceClaim()
          .endSpec();
    }
    return pod.withStatus(PodStatuses.running(index, node, name)).build();
  }

  private static List<EnvVar> env(String pod, String namespace) {
    List<EnvVar> env = new ArrayList<>();
    String[][] plain = {
      {"VLLM_PORT", "8000"},
      {"VLLM_LOGGING_LEVEL", "INFO"},
      {"VLLM_WORKER_MULTIPROC_METHOD", "spawn"},
      {"HF_HOME", "/models/.cache"},
      {"HF_HUB_OFFLINE", "1"},
      {"NCCL_DEBUG", "WARN"},
      {"CUDA_DEVICE_ORDER", "PCI_BUS_ID"},
      {"OTEL_SERVICE_NAME", "vllm"},
      {"OTEL_EXPORTER_OTLP_ENDPOINT", "http://otel-collector.observability:4317"},
      {"OTEL_RESOURCE_ATTRIBUTES", "k8s.namespace.name=" + namespace + ",k8s.pod.name=" + pod},
      {"POD_NAME", pod},
      {"POD_NAMESPACE", namespace}
    };
    for (String[] pair : plain) {
      env.add(new EnvVar(pair[0], pair[1], null));
    }
    return env;
  }

  private static List<String> specPaths() {
    return List.of(
        "metadata.generateName",
        "metadata.labels.app.kubernetes.io/name",
        "metadata.labels.pod-template-hash",
        "metadata.ownerReferences",
        "spec.containers.vllm.args",
        "spec.containers.vllm.command",
        "spec.containers.vllm.env.VLLM_PORT",
        "spec.containers.vllm.env.HF_HOME",
        "spec.containers.vllm.env.POD_NAME",
        "spec.containers.vllm.image",
        "spec.containers.vllm.livenessProbe.httpGet",
        "spec.containers.vllm.readinessProbe.httpGet",
        "spec.containers.vllm.resources.limits",
        "spec.containers.vllm.resources.requests",
        "spec.containers.vllm.volumeMounts",
        "spec.tolerations",
        "spec.volumes.models",
        "spec.volumes.shm");
  }

  private static List<String> statusPaths() {
    return List.of(
        "status.conditions.ContainersReady",
        "status.conditions.Initialized",
        "status.conditions.PodReadyToStartContainers",
        "status.conditions.PodScheduled",
        "status.conditions.Ready",
        "status.containerStatuses",
        "status.hostIP",
        "status.hostIPs",
        "status.phase",
        "status.podIP",
        "status.podIPs",
        "status.startTime");
  }

  /**
   * A pod-name suffix like the ReplicaSet controller's: five characters of its alphabet, distinct
   * for every index below 27^5 (7919 is prime to 27, so the affine map is a bijection).
   */
  static String suffix(int index) {
    String alphabet = "bcdfghjklmnpqrstvwxz2456789";
    long value = (index * 7919L + 12345L) % 14_348_907L;
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      out.append(alphabet.charAt((int) (value % alphabet.length())));
      value /= alphabet.length();
    }
    return out.toString();
  }
}
