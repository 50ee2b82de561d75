package io.strata.correlator.core.node;

import io.strata.events.topic.Keys;

/**
 * The GPU a device record is about, with the node-side key it arrived under.
 *
 * @param nodeKey the record's cluster/node key: the device-incident trackers are named after it
 */
public record GpuRef(String nodeKey, String cluster, String node, String uuid) {

  /**
   * @throws IllegalArgumentException when the record names no GPU: a sample or XID without one
   *     cannot be correlated (the topology dead-letters it)
   */
  public GpuRef {
    if (uuid == null || uuid.isBlank()) {
      throw new IllegalArgumentException("a device record without gpu_uuid cannot be correlated");
    }
  }

  /** cluster/node/gpu: the key of the GPU's findings and of the requests it served. */
  public String key() {
    return Keys.gpu(cluster, node, uuid);
  }
}
