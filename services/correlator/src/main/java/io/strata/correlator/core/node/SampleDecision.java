package io.strata.correlator.core.node;

import io.strata.correlator.core.request.Transition;
import io.strata.correlator.core.state.GpuExemplars;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.NodeView;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.IncidentClass;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * How one device sample is judged on the node side, in order: the GPU keeps it (and its XIDs of the
 * lookback), its ownership is checked (the target's DRA attribution, then the GPU's mismatch), the
 * workload holding it is told, and a health FAIL is device trouble (a DEVICE_FAULT) while any other
 * sample counts as clean for an incident awaiting recovery. Device fields themselves are judged on
 * the workload side ({@code GpuReport}'s anomalies), as evidence.
 */
public final class SampleDecision {

  private final Duration xidLookback;
  private final OwnershipMismatch ownership;
  private final ClaimAttribution claims;
  private final GpuHandoff handoff;
  private final DeviceTrouble trouble;

  /**
   * @param xidLookback how long a GPU's XIDs stay evidence
   */
  public SampleDecision(
      Duration xidLookback,
      OwnershipMismatch ownership,
      ClaimAttribution claims,
      GpuHandoff handoff,
      DeviceTrouble trouble) {
    this.xidLookback = xidLookback;
    this.ownership = ownership;
    this.claims = claims;
    this.handoff = handoff;
    this.trouble = trouble;
  }

  /**
   * @param nodeKey the record's cluster/node key
   * @param view the node's view with the sample's GPU loaded
   * @param at the record's time
   * @param served the requests a GPU served by its key, read only for an incident draft
   * @throws IllegalArgumentException when the sample names no GPU
   */
  public Transition<NodeView, NodeForward> decide(
      String nodeKey,
      NodeView view,
      DeviceSample sample,
      Instant at,
      Function<String, Optional<GpuExemplars>> served) {
    GpuRef ref = new GpuRef(nodeKey, sample.cluster(), sample.node(), sample.gpuUuid());
    GpuView gpu = view.gpu(ref.uuid()).withSample(sample).withXids(null, at.minus(xidLookback));
    Transition<OwnershipMismatch.Checked, NodeForward.Finding> owner =
        ownership.check(view, gpu, sample, at);
    OwnershipMismatch.Checked found = owner.next();
    Transition<NodeView, NodeForward> target =
        claims.track(view, sample, found.kubernetes(), found.lacksDraAttribution(), at);
    // The target's finding goes first, then the GPU's: the order the checks always had.
    List<NodeForward> findings = new ArrayList<>(target.emits());
    findings.addAll(owner.emits());
    Transition<NodeView, NodeForward> checked =
        new Transition<>(target.next(), findings)
            .then(
                handoff.handOff(
                    target.next(), ref, found.gpu(), sample.owner(), found.kubernetes(), at));
    if (sample.health() == HealthStatus.FAIL) {
      return checked.then(
          trouble.trouble(checked.next(), ref, IncidentClass.DEVICE_FAULT, null, at, served));
    }
    // An XID is judged ahead of older samples still queued (ADR 039): a sample scraped before the
    // GPU's newest XID says nothing about recovery from it.
    return scrapedBeforeNewestXid(gpu, at)
        ? checked
        : checked.then(trouble.clean(checked.next(), ref));
  }

  private static boolean scrapedBeforeNewestXid(GpuView gpu, Instant at) {
    return gpu.xids().stream().anyMatch(xid -> xid.at() != null && at.isBefore(xid.at()));
  }
}
