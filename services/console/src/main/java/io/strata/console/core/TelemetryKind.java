package io.strata.console.core;

/** The telemetry an incident page reads on demand, by the topic that holds it. */
public enum TelemetryKind {
  UNSPECIFIED,
  /** strata.device.samples.v1: node-partitioned, keyed cluster/node/gpu_uuid; the sparklines. */
  SAMPLES,
  /** strata.device.xids.v1: node-partitioned like the samples; the timeline's XIDs. */
  XIDS,
  /** strata.traces.spans.v1: key-hashed by trace_id; the exemplar waterfalls. */
  SPANS
}
