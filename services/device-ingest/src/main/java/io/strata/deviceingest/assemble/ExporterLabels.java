package io.strata.deviceingest.assemble;

/**
 * Label names dcgm-exporter writes (see its render_metrics.go and transformation/const.go),
 * including the legacy names of its --use-old-namespace mode and the Hostname → hostname rename
 * (4.8.3). The DCGM field names, the driver version label's included, are in the naming table
 * ({@code io.strata.deviceingest.naming.FieldNames}).
 */
final class ExporterLabels {

  static final String GPU = "gpu";
  static final String UUID = "UUID";
  static final String UUID_LEGACY = "uuid";
  static final String PCI_BUS_ID = "pci_bus_id";
  static final String DEVICE = "device";
  static final String MODEL_NAME = "modelName";
  static final String HOSTNAME = "Hostname";
  static final String HOSTNAME_LOWER = "hostname";
  static final String MIG_PROFILE = "GPU_I_PROFILE";
  static final String MIG_INSTANCE = "GPU_I_ID";
  static final String POD = "pod";
  static final String POD_LEGACY = "pod_name";
  static final String NAMESPACE = "namespace";
  static final String NAMESPACE_LEGACY = "pod_namespace";
  static final String CONTAINER = "container";
  static final String CONTAINER_LEGACY = "container_name";
  static final String POD_UID = "pod_uid";
  static final String VGPU = "vgpu";
  static final String DRA_CLAIM_NAME = "dra_claim_name";
  static final String DRA_CLAIM_NAMESPACE = "dra_claim_namespace";
  static final String DRA_DRIVER_NAME = "dra_driver_name";
  static final String DRA_POOL_NAME = "dra_pool_name";
  static final String DRA_DEVICE_NAME = "dra_device_name";
  static final String DRA_MIG_PROFILE = "dra_mig_profile";
  static final String DRA_MIG_DEVICE_UUID = "dra_mig_device_uuid";
  static final String XID = "xid";

  /** The driver version label-type field, by its legacy (canonical) name. */
  static final String DRIVER_VERSION = "DCGM_FI_DRIVER_VERSION";

  static final String XID_COUNT_METRIC = "DCGM_EXP_XID_ERRORS_COUNT";
  static final String HEALTH_METRIC = "DCGM_EXP_GPU_HEALTH_STATUS";
  static final String FIELD_PREFIX = "DCGM_";

  private ExporterLabels() {}
}
