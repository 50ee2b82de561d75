package io.strata.events.device;

/**
 * Who holds a GPU according to the exporter's own labels (device plugin pod mapping or DRA labels).
 * This is a claim to be verified against the Kubernetes view, not a fact. All fields optional;
 * empty exporter labels read as null.
 */
public record DeviceOwner(
    String namespace,
    String pod,
    String container,
    String podUid,
    String vgpu,
    String draClaimNamespace,
    String draClaimName,
    String draDriver,
    String draPool,
    String draDevice,
    String draMigProfile,
    String draMigDeviceUuid) {

  private static final DeviceOwner NONE =
      new DeviceOwner(null, null, null, null, null, null, null, null, null, null, null, null);

  public DeviceOwner {
    namespace = blankToNull(namespace);
    pod = blankToNull(pod);
    container = blankToNull(container);
    podUid = blankToNull(podUid);
    vgpu = blankToNull(vgpu);
    draClaimNamespace = blankToNull(draClaimNamespace);
    draClaimName = blankToNull(draClaimName);
    draDriver = blankToNull(draDriver);
    draPool = blankToNull(draPool);
    draDevice = blankToNull(draDevice);
    draMigProfile = blankToNull(draMigProfile);
    draMigDeviceUuid = blankToNull(draMigDeviceUuid);
  }

  public static DeviceOwner none() {
    return NONE;
  }

  /** True when the exporter names a pod for this GPU. */
  public boolean hasPod() {
    return pod != null;
  }

  /** True when the exporter names a DRA claim for this GPU. */
  public boolean hasClaim() {
    return draClaimName != null;
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
