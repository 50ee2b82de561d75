package io.strata.events.k8s;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Kubernetes pod phase. */
public enum PodPhase {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  PENDING,
  RUNNING,
  SUCCEEDED,
  FAILED,
  UNKNOWN
}
