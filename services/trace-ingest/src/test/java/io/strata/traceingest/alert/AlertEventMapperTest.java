package io.strata.traceingest.alert;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.Correlation;
import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** dcgm-exporter, kube-state-metrics and NVSentinel alerts through the default label mapping. */
class AlertEventMapperTest {

  private static final Instant NOW = Instant.parse("2026-12-07T17:27:00Z");
  private final AlertEventMapper mapper =
      new AlertEventMapper(AlertFixtures.defaultMapping("fallback-cluster"));

  @Test
  void dcgmExporterAlertsNameTheirGpuNodeAndWorkload() {
    assertThat(mapper.events(AlertFixtures.parsed(AlertFixtures.GPU_XID_FIRING), NOW))
        .containsExactlyElementsOf(ExpectedAlertEvents.gpuXidFiring(NOW));
  }

  @Test
  void aResolvedAlertKeepsItsEnd() {
    assertThat(mapper.events(AlertFixtures.parsed(AlertFixtures.GPU_XID_RESOLVED), NOW).get(0))
        .isEqualTo(ExpectedAlertEvents.gpu3Resolved(NOW));
  }

  @Test
  void kubeStateMetricsAlertsNameTheirPod() {
    assertThat(mapper.events(AlertFixtures.parsed(AlertFixtures.KUBE_CRASHLOOPING), NOW))
        .containsExactly(ExpectedAlertEvents.kubePodCrashLooping(NOW));
  }

  @Test
  void nvsentinelAlertsNameTheirNode() {
    assertThat(mapper.events(AlertFixtures.parsed(AlertFixtures.NVSENTINEL), NOW))
        .containsExactly(ExpectedAlertEvents.nvsentinel(NOW));
  }

  @Test
  void theFirstPresentNonBlankLabelWinsAndTheClusterFallsBack() {
    WebhookMessage message =
        message(
            Map.of(
                "alertname", "KubeJobFailed",
                "pod_name", "",
                "pod", "train-0",
                "job_name", "train",
                "statefulset", "",
                "model_name", "llama-3-70b",
                "queue", "batch",
                "label_nvidia_com_gpu_product", "NVIDIA-H100-80GB-HBM3",
                "uuid", "GPU-1",
                "job", "kube-state-metrics"));

    AlertEvent event = mapper.events(message, NOW).get(0);

    assertThat(event.cluster()).isEqualTo("fallback-cluster");
    assertThat(event.correlation())
        .isEqualTo(
            Correlation.builder()
                .cluster("fallback-cluster")
                .pod("train-0")
                .workload("train")
                .job("train")
                .modelVersion("llama-3-70b")
                .queue("batch")
                .acceleratorType("NVIDIA-H100-80GB-HBM3")
                .build());
    assertThat(event.gpuUuid()).isEqualTo("GPU-1");
    assertThat(event.severity()).isNull();
  }

  @Test
  void withoutAClusterLabelOrConfiguredClusterTheClusterIsUnknown() {
    AlertEventMapper unconfigured = new AlertEventMapper(AlertFixtures.defaultMapping(" "));

    AlertEvent event = unconfigured.events(message(Map.of("alertname", "X")), NOW).get(0);

    assertThat(event.cluster()).isNull();
    assertThat(event.correlation()).isEqualTo(Correlation.empty());
    assertThat(event.receiver()).isNull();
  }

  @Test
  void aConfiguredOrderOverridesTheDefaults() {
    Map<MappedKey, List<String>> names = AlertFixtures.defaultNames();
    names.put(MappedKey.NODE, List.of("instance"));
    names.put(MappedKey.CLUSTER, List.of("k8s_cluster", "cluster"));
    AlertEventMapper mapped = new AlertEventMapper(new LabelMapping(names, "fallback"));

    AlertEvent event =
        mapped
            .events(
                message(
                    Map.of(
                        "instance", "gpu-node-03",
                        "node", "ignored",
                        "k8s_cluster", "east",
                        "cluster", "west")),
                NOW)
            .get(0);

    assertThat(event.correlation().node()).isEqualTo("gpu-node-03");
    assertThat(event.cluster()).isEqualTo("east");
  }

  private static WebhookMessage message(Map<String, String> labels) {
    return new WebhookMessage(
        "",
        "firing",
        List.of(
            new WebhookAlert(
                AlertStatus.FIRING,
                labels,
                Map.of(),
                Instant.parse("2026-12-07T17:00:00Z"),
                null,
                null,
                "0123456789abcdef")),
        Map.of(),
        Map.of(),
        Map.of(),
        null,
        "4",
        null,
        0);
  }
}
