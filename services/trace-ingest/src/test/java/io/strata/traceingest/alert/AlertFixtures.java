package io.strata.traceingest.alert;

import io.strata.events.Correlation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The real Alertmanager bodies under src/test/resources/alertmanager (see its README) and the label
 * mapping of AlertmanagerConfig's defaults (AlertmanagerConfigTest keeps the two equal).
 */
public final class AlertFixtures {

  public static final String NVSENTINEL = "nvsentinel_health_event.json";
  public static final String GPU_XID_FIRING = "gpu_xid_firing.json";
  public static final String GPU_XID_RESOLVED = "gpu_xid_resolved.json";
  public static final String KUBE_CRASHLOOPING = "kube_pod_crashlooping.json";
  public static final String GPU_TEMPERATURE_TRUNCATED = "gpu_temperature_truncated.json";
  public static final List<String> ALL =
      List.of(
          NVSENTINEL,
          GPU_XID_FIRING,
          GPU_XID_RESOLVED,
          KUBE_CRASHLOOPING,
          GPU_TEMPERATURE_TRUNCATED);

  /** The limits of AlertmanagerConfig's defaults. */
  public static final WebhookLimits LIMITS = new WebhookLimits(1000, 64, 1024, 4096, 131072);

  private AlertFixtures() {}

  public static byte[] body(String name) {
    try {
      return Files.readAllBytes(Path.of("src/test/resources/alertmanager", name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static WebhookMessage parsed(String name) {
    return new WebhookParser(LIMITS).parse(body(name));
  }

  /** The label names of AlertmanagerConfig's defaults, key by key. */
  public static Map<MappedKey, List<String>> defaultNames() {
    Map<MappedKey, List<String>> names = new EnumMap<>(MappedKey.class);
    names.put(MappedKey.CLUSTER, List.of("cluster"));
    names.put(MappedKey.NODE, List.of("node", "Hostname", "hostname"));
    names.put(MappedKey.NAMESPACE, List.of("exported_namespace", "pod_namespace", "namespace"));
    names.put(MappedKey.WORKLOAD, List.of("deployment", "statefulset", "job_name", "daemonset"));
    names.put(MappedKey.JOB, List.of("job_name"));
    names.put(MappedKey.POD, List.of("exported_pod", "pod_name", "pod"));
    names.put(MappedKey.CONTAINER, List.of("exported_container", "container_name", "container"));
    names.put(MappedKey.MODEL_VERSION, List.of("model_version", "model_name"));
    names.put(MappedKey.QUEUE, List.of("queue"));
    names.put(MappedKey.ACCELERATOR_TYPE, List.of("label_nvidia_com_gpu_product"));
    names.put(MappedKey.GPU_UUID, List.of("UUID", "uuid", "gpu_uuid"));
    return names;
  }

  public static LabelMapping defaultMapping(String cluster) {
    return new LabelMapping(defaultNames(), cluster);
  }

  /** A correlation with only the pod-level keys set. */
  public static Correlation podLevel(
      String cluster, String node, String namespace, String pod, String container) {
    return Correlation.builder()
        .cluster(cluster)
        .node(node)
        .namespace(namespace)
        .pod(pod)
        .container(container)
        .build();
  }
}
