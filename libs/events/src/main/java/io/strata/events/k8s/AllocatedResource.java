package io.strata.events.k8s;

/**
 * One entry of a container's status.allocatedResourcesStatus (KEP-4680): a device and its health.
 */
public record AllocatedResource(
    String container, String resourceName, String deviceId, String health) {}
