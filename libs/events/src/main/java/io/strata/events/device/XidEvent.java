package io.strata.events.device;

import java.time.Instant;

/**
 * One new XID occurrence on one GPU (edge-detected, never once per scrape). Key:
 * cluster/node/gpu_uuid.
 *
 * @param mnemonic and {@code description} from the NVIDIA XID catalog; null for an XID the catalog
 *     lacks
 * @param occurrences how many new occurrences this event stands for (a count that rose by 3 is one
 *     event of 3)
 */
public record XidEvent(
    String eventId,
    String cluster,
    String node,
    String gpuUuid,
    String gpuIndex,
    int xid,
    String mnemonic,
    String description,
    XidAction immediateAction,
    XidOrigin origin,
    XidSource source,
    long occurrences,
    DeviceOwner owner,
    String target,
    Instant detectedAt) {

  public XidEvent {
    immediateAction = immediateAction == null ? XidAction.UNSPECIFIED : immediateAction;
    origin = origin == null ? XidOrigin.UNSPECIFIED : origin;
    source = source == null ? XidSource.UNSPECIFIED : source;
    owner = owner == null ? DeviceOwner.none() : owner;
  }
}
