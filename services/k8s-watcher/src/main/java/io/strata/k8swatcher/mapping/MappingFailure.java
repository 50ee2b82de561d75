package io.strata.k8swatcher.mapping;

/** Why a Kubernetes object could not be mapped to a Strata record. */
public enum MappingFailure {
  /** A resource quantity that is not a whole number of devices. */
  INVALID_QUANTITY,
  /** A timestamp that is not RFC 3339. */
  INVALID_TIMESTAMP,
  /** metadata.name (or namespace, for a namespaced kind) is missing. */
  MISSING_IDENTITY,
  /** Mapping threw something else: a defect, logged with the object's name. */
  UNEXPECTED
}
