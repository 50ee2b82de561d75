package io.strata.k8swatcher.identity;

import io.strata.events.k8s.WorkloadKind;

/**
 * Where a pod sits in its owner chain.
 *
 * @param workload the name at the top of the chain ({@code correlation.workload})
 * @param job the Job the pod belongs to, if any
 * @param knativeRevision the Knative revision, for Knative pods
 * @param complete false when a link of the chain was not in the cache yet (the pod is mapped again
 *     when it arrives)
 */
public record WorkloadIdentity(
    WorkloadKind kind, String workload, String job, String knativeRevision, boolean complete) {}
