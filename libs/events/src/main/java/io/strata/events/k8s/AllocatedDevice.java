package io.strata.events.k8s;

/**
 * One device a DRA claim was allocated (status.allocation.devices.results[]), with the GPU UUID
 * resolved from the ResourceSlice attributes where the driver publishes one.
 */
public record AllocatedDevice(
    String request,
    String driver,
    String pool,
    String device,
    String gpuUuid,
    Boolean adminAccess) {}
