package io.strata.correlator.core.node;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuExemplars;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeView;
import io.strata.correlator.core.state.XidMark;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.IncidentClass;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * How one XID is handled on the node side: it is kept on the GPU as evidence for the lookback (the
 * workload holding the GPU is told, as a decisive change), and it opens what its origin and catalog
 * action say (see {@link #opens}). Which XIDs are application-side and which action each has is
 * device-ingest's catalog (NVIDIA's XID catalog); the correlator trusts the event's {@code origin}
 * and {@code immediate_action}.
 */
public final class XidDecision {

  private final Duration xidLookback;
  private final GpuHandoff handoff;
  private final DeviceTrouble trouble;

  /**
   * @param xidLookback how long a GPU's XIDs stay evidence
   */
  public XidDecision(Duration xidLookback, GpuHandoff handoff, DeviceTrouble trouble) {
    this.xidLookback = xidLookback;
    this.handoff = handoff;
    this.trouble = trouble;
  }

  /**
   * What an XID opens: an application XID is an APP_ERROR for the GPU's holder, never a node
   * action; any other XID whose catalog action takes the GPU or node out of service is a
   * DEVICE_FAULT; the rest (IGNORE, RESTART_APP, CONTACT_SUPPORT, ...) is evidence only.
   */
  public static Optional<IncidentClass> opens(XidEvent xid) {
    if (xid.origin() == XidOrigin.APPLICATION) {
      return Optional.of(IncidentClass.APP_ERROR);
    }
    if (xid.immediateAction().requiresNodeAction()) {
      return Optional.of(IncidentClass.DEVICE_FAULT);
    }
    return Optional.empty();
  }

  /**
   * The holder the exporter names: the GPU's latest sample's, unless the XID's own labels name a
   * pod and that sample is older than the XID. An XID is judged ahead of a sample backlog (ADR
   * 039), so the latest sample judged may be minutes older than the XID; the XID's labels come from
   * the scrape that saw it. Without a pod in them (an XID source that carries no pod labels) the
   * sample still answers.
   */
  static DeviceOwner exporterOwner(DeviceSample latest, XidEvent xid, Instant at) {
    if (latest == null) {
      return xid.owner();
    }
    boolean sampleOlder = latest.scrapedAt() != null && latest.scrapedAt().isBefore(at);
    return sampleOlder && xid.owner().hasPod() ? xid.owner() : latest.owner();
  }

  /**
   * The node's view with the XID kept on its GPU, and what to send: the holder's GPU state, then
   * the trouble of what the XID {@link #opens} (nothing more for an evidence-only XID).
   *
   * @param nodeKey the record's cluster/node key
   * @param view the node's view with the XID's GPU loaded
   * @param at the record's time
   * @param served the requests a GPU served by its key, read only for an incident draft
   * @throws IllegalArgumentException when the XID names no GPU
   */
  public Transition<NodeView, NodeForward> decide(
      String nodeKey,
      NodeView view,
      XidEvent xid,
      Instant at,
      Function<String, Optional<GpuExemplars>> served) {
    GpuRef ref = new GpuRef(nodeKey, xid.cluster(), xid.node(), xid.gpuUuid());
    GpuView gpu = view.gpu(ref.uuid()).withXids(XidMark.of(xid, at), at.minus(xidLookback));
    Optional<KubernetesOwner> kubernetes =
        OwnershipCheck.kubernetesOwner(xid.cluster(), ref.uuid(), view.pods(), view.claims());
    DeviceOwner exporter = exporterOwner(gpu.latest(), xid, at);
    Transition<NodeView, NodeForward> handed =
        handoff.handOff(view, ref, gpu, exporter, kubernetes, at);
    Optional<IncidentClass> opened = opens(xid);
    if (opened.isEmpty()) {
      return handed;
    }
    return handed.then(trouble.trouble(handed.next(), ref, opened.get(), xid, at, served));
  }
}
