package io.strata.simulator.model;

/** How a simulated workload is represented in the Kubernetes API. */
public enum WorkloadKind {
  /** serving.knative.dev/v1 Service with Revisions; pods via revision Deployments. */
  KNATIVE_SERVICE,
  /** apps/v1 Deployment → ReplicaSet → Pods, GPUs through the device plugin. */
  DEPLOYMENT,
  /** apps/v1 Deployment whose pod gets its GPU through a DRA ResourceClaim. */
  DRA_DEPLOYMENT,
  /** batch/v1 Job (training), no request traffic. */
  JOB
}
