package io.strata.traceingest.alert;

/** What an alert's labels are mapped onto: the correlation keys and the GPU UUID. */
public enum MappedKey {
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
  GPU_UUID
}
