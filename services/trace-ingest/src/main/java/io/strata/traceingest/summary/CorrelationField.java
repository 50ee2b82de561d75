package io.strata.traceingest.summary;

/** What a span or resource attribute can fill in a summary. */
enum CorrelationField {
  CLUSTER,
  NODE,
  NAMESPACE,
  WORKLOAD,
  JOB,
  POD,
  CONTAINER,
  MODEL_VERSION,
  QUEUE,
  ACCELERATOR_TYPE,
  SERVICE_NAME,
  GPU_UUID,
  OUTPUT_TOKENS;

  static final CorrelationField[] ALL = values();
}
