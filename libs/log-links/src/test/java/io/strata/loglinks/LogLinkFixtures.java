package io.strata.loglinks;

import io.strata.events.Correlation;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.Evidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Scope;
import io.strata.events.incident.Severity;
import io.strata.events.trace.Stage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The three documented templates (docs/services/remediator.md, "Log links") and an incident to fill
 * them with.
 */
public final class LogLinkFixtures {

  /**
   * Grafana Explore with Loki: {@code /explore?schemaVersion=1&panes=<JSON>} as Grafana's Explore
   * URL parser (schema version 1, panes keyed by an id) reads it; the LogQL is {@code
   * {namespace="…",pod="…"} |= "<trace_id>"} and the range is absolute epoch milliseconds.
   */
  public static final String GRAFANA =
      "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
          + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B%22refId%22"
          + "%3A%22A%22%2C%22datasource%22%3A%7B%22type%22%3A%22loki%22%2C%22uid%22%3A%22loki%22"
          + "%7D%2C%22expr%22%3A%22%7Bnamespace%3D%5C%22{namespace}%5C%22%2Cpod%3D%5C%22{pod}%5C"
          + "%22%7D%20%7C%3D%20%5C%22{trace_id}%5C%22%22%7D%5D%2C%22range%22%3A%7B%22from%22%3A"
          + "%22{from_ms}%22%2C%22to%22%3A%22{to_ms}%22%7D%7D%7D";

  /** Kibana (or OpenSearch Dashboards) Discover: rison {@code _g} time and {@code _a} KQL query. */
  public static final String KIBANA =
      "https://kibana.example/app/discover#/?_g=(time:(from:'{from}',to:'{to}'))"
          + "&_a=(query:(language:kuery,query:'kubernetes.namespace:%22{namespace}%22"
          + "%20and%20kubernetes.pod.name:%22{pod}%22'))";

  /** Google Cloud Logging's Logs Explorer: {@code ;query=} and {@code ;timeRange=from%2Fto}. */
  public static final String GCP =
      "https://console.cloud.google.com/logs/query;query=resource.type%3D%22k8s_container%22"
          + "%0Aresource.labels.cluster_name%3D%22{cluster}%22"
          + "%0Aresource.labels.namespace_name%3D%22{namespace}%22"
          + "%0Aresource.labels.pod_name%3D%22{pod}%22;timeRange={from}%2F{to}?project=gpu-prod";

  /** The configuration prefix the tests' templates live under (the remediator's). */
  static final String PREFIX = "strata.remediator.log-links";

  static final Instant OPENED = Instant.parse("2026-12-08T10:00:00.250Z");
  static final Instant UPDATED = Instant.parse("2026-12-08T10:12:30Z");
  static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

  private LogLinkFixtures() {}

  /** An XID 79 incident on gpu-node-7 of workload ml/llm, one exemplar trace through pod llm-x2. */
  public static Incident incident() {
    return new Incident(
        "inc-logs-1",
        3,
        IncidentClass.DEVICE_FAULT,
        Severity.CRITICAL,
        IncidentState.MITIGATING,
        "XID 79 on gpu-node-7",
        Correlation.builder().cluster("gpu-east").namespace("ml").workload("llm").build(),
        new Scope(
            "gpu-east",
            List.of("gpu-node-7"),
            List.of("GPU-1"),
            List.of("ml/llm"),
            List.of("v7"),
            true,
            true,
            true),
        null,
        Stage.GPU_EXECUTE,
        new Evidence(
            List.of(
                new ExemplarTrace(
                    TRACE, 8200, Stage.GPU_EXECUTE, Map.of(), "llm-x2", "gpu-node-7", "GPU-1")),
            List.of(
                new DeviceEvidence(
                    "gpu-node-7", "GPU-1", Map.of(), List.of(79), HealthStatus.FAIL)),
            List.of(),
            List.of(),
            List.of()),
        List.of(),
        OPENED,
        UPDATED,
        null,
        null,
        Incident.FIRST_EPISODE,
        null);
  }
}
