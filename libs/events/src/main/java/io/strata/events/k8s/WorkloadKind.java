package io.strata.events.k8s;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** The top of a pod's owner chain. */
public enum WorkloadKind {
  @JsonEnumDefaultValue
  UNSPECIFIED,
  DEPLOYMENT,
  REPLICA_SET,
  STATEFUL_SET,
  DAEMON_SET,
  JOB,
  CRON_JOB,
  LEADER_WORKER_SET,
  KNATIVE_SERVICE,
  /** A pod with no controller. */
  BARE_POD,
  /** A controller Strata does not know; its kind is kept in the workload name. */
  OTHER
}
