package io.strata.correlator.core.incident;

import io.strata.events.Correlation;
import io.strata.events.alert.AlertStatus;
import io.strata.events.incident.AlertEvidence;

/**
 * An Alertmanager alert as the incident sides use it: its evidence entry, what its labels name
 * (cluster, node, namespace, workload, and a GPU) and the opening rule it matched. It crosses the
 * device-incident-inputs and workload-inputs repartitions as JSON.
 *
 * @param correlation what the labels name, the cluster always set
 * @param gpuUuid the GPU the labels name, null when none
 * @param opening the first opening rule the alert matched, null when none
 */
public record AlertNotice(
    AlertEvidence evidence, Correlation correlation, String gpuUuid, AlertOpening opening) {

  public AlertNotice {
    correlation = correlation == null ? Correlation.empty() : correlation;
  }

  public String fingerprint() {
    return evidence.fingerprint();
  }

  public boolean firing() {
    return evidence.status() == AlertStatus.FIRING;
  }

  public boolean resolved() {
    return evidence.status() == AlertStatus.RESOLVED;
  }
}
