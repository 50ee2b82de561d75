package io.strata.events.device;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A data-quality or scrape finding: what was expected, what was seen, and why they differ. Key:
 * cluster/target for target findings, cluster/node/gpu_uuid for GPU findings.
 *
 * @param target the scrape target (URL) for target-level findings
 * @param gpuUuid the GPU for GPU-level findings (ownership mismatch)
 * @param missingFields for FIELD_MISSING: expected fields absent from /metrics (DCGM names, sorted)
 * @param exporterOwner for OWNERSHIP_MISMATCH: what the exporter labels say
 * @param kubernetesOwner for OWNERSHIP_MISMATCH: what the Kubernetes API says
 * @param lineErrors for PARSE_ERRORS: line number → reason, a bounded sample
 * @param errorCount for PARSE_ERRORS or repeated failures: how many
 */
public record DeviceFinding(
    String findingId,
    FindingKind kind,
    FindingReason reason,
    String cluster,
    String node,
    String target,
    String gpuUuid,
    String message,
    List<String> missingFields,
    DeviceOwner exporterOwner,
    DeviceOwner kubernetesOwner,
    Map<Integer, String> lineErrors,
    long errorCount,
    Instant detectedAt) {

  public DeviceFinding {
    kind = kind == null ? FindingKind.UNSPECIFIED : kind;
    reason = reason == null ? FindingReason.UNSPECIFIED : reason;
    missingFields = missingFields == null ? List.of() : List.copyOf(missingFields);
    lineErrors = lineErrors == null ? Map.of() : Map.copyOf(lineErrors);
  }
}
