package io.strata.events.k8s;

/**
 * A pod's DRA claim: the name in pod.spec.resourceClaims and the ResourceClaim it resolved to (from
 * the pod status).
 */
public record PodClaimRef(String name, String resourceClaimName) {}
