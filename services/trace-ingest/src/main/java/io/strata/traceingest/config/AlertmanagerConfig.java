package io.strata.traceingest.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.List;
import java.util.Optional;

/**
 * Alertmanager's webhook on the OTLP/HTTP listener (ADR 051), under {@code
 * strata.trace-ingest.alertmanager}. Credentials come from a Secret as environment variables
 * (STRATA_TRACE_INGEST_ALERTMANAGER_BEARER_TOKEN, ..._BASIC_AUTH_USERNAME,
 * ..._BASIC_AUTH_PASSWORD).
 */
public interface AlertmanagerConfig {

  /** Serve POST /api/v2/alertmanager; false answers 404 there. */
  @WithDefault("true")
  boolean enabled();

  /**
   * The credential Alertmanager sends as {@code Authorization: Bearer <token>} (its http_config
   * authorization.credentials or credentials_file).
   */
  Optional<String> bearerToken();

  /** The pair Alertmanager sends with http_config.basic_auth. */
  BasicAuth basicAuth();

  /**
   * With no credential configured, accept unauthenticated notifications (dev, test, local only).
   * False: the endpoint answers 401 AUTH_NOT_CONFIGURED until a credential is configured. Ignored
   * when a credential is configured: then it is always required.
   */
  @WithDefault("false")
  boolean allowUnauthenticated();

  /** The cluster of alerts without a cluster label (STRATA_CLUSTER); none when empty. */
  Optional<String> cluster();

  /** Alerts in one notification; more is 400 TOO_MANY_ALERTS (keep Alertmanager's max_alerts). */
  @WithDefault("1000")
  @Min(1)
  @Max(100000)
  int maxAlerts();

  /** Labels, and separately annotations, on one alert. */
  @WithDefault("64")
  @Min(1)
  @Max(1024)
  int maxLabelsPerAlert();

  /** Characters of a label name or value. */
  @WithDefault("1024")
  @Min(16)
  @Max(65536)
  int maxLabelLength();

  /**
   * Characters of an annotation value (and of generatorURL, receiver, externalURL, groupKey). With
   * the label limits it keeps one alert record well under Kafka's 1 MiB default record limit.
   */
  @WithDefault("4096")
  @Min(16)
  @Max(65536)
  int maxAnnotationLength();

  /**
   * Characters of one alert's label and annotation names and values and generatorURL together:
   * JSON-escaped (at most 6 bytes a character) its record still fits Kafka's default 1 MiB.
   */
  @WithDefault("131072")
  @Min(1024)
  @Max(160000)
  int maxAlertCharacters();

  /**
   * Fingerprints whose last published state is remembered to drop Alertmanager's repeats; the least
   * recently seen are forgotten first (about 200 bytes each).
   */
  @WithDefault("50000")
  @Min(1)
  int dedupCapacity();

  /** Which labels fill the correlation keys and the GPU UUID: first present label wins. */
  Labels labels();

  /** Basic auth; both or neither. */
  interface BasicAuth {
    Optional<String> username();

    Optional<String> password();
  }

  /**
   * Label names per key, in order of preference. Defaults cover dcgm-exporter (Hostname, UUID,
   * pod/namespace/container, renamed exported_* by a Prometheus Operator scrape without
   * honorLabels, pod_name/pod_namespace/container_name in its old-namespace mode),
   * kube-state-metrics (namespace, pod, container, node, deployment, statefulset, job_name,
   * daemonset) and NVSentinel's health_events_total (node).
   */
  interface Labels {
    @WithDefault("cluster")
    List<String> cluster();

    @WithDefault("node,Hostname,hostname")
    List<String> node();

    @WithDefault("exported_namespace,pod_namespace,namespace")
    List<String> namespace();

    @WithDefault("deployment,statefulset,job_name,daemonset")
    List<String> workload();

    /** The Kubernetes Job (kube-state-metrics' job_name), never Prometheus' scrape job. */
    @WithDefault("job_name")
    List<String> job();

    @WithDefault("exported_pod,pod_name,pod")
    List<String> pod();

    @WithDefault("exported_container,container_name,container")
    List<String> container();

    @WithDefault("model_version,model_name")
    List<String> modelVersion();

    @WithDefault("queue")
    List<String> queue();

    /** kube-state-metrics' kube_node_labels name for GPU Feature Discovery's gpu.product label. */
    @WithDefault("label_nvidia_com_gpu_product")
    List<String> acceleratorType();

    /** dcgm-exporter's UUID (uuid in old-namespace mode, gpu_uuid on NVLink series). */
    @WithDefault("UUID,uuid,gpu_uuid")
    List<String> gpuUuid();
  }
}
