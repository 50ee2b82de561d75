package io.strata.correlator.core.state;

import io.strata.events.device.DeviceSample;
import io.strata.events.device.XidEvent;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.IncidentClass;
import io.strata.events.k8s.PodState;
import java.time.Instant;
import java.util.List;

/**
 * A GPU in trouble as the node side saw it: the facts its device incident is drafted from on the
 * device-incident side, so that the node side decides only that there is trouble and the incident
 * is built in one place.
 *
 * @param xid the XID that is the trouble; null for a health FAIL
 * @param latest the GPU's latest sample, null before the first
 * @param recentXids the XIDs kept on the GPU, oldest first
 * @param mismatch the ownership check in progress, null when none
 * @param exemplars the latest requests the GPU served
 * @param owner the pod holding the GPU, null when unknown
 */
public record GpuTrouble(
    IncidentClass incidentClass,
    String cluster,
    String node,
    String gpuUuid,
    XidEvent xid,
    DeviceSample latest,
    List<Integer> recentXids,
    MismatchState mismatch,
    List<ExemplarTrace> exemplars,
    PodState owner,
    Instant at) {

  public GpuTrouble {
    recentXids = recentXids == null ? List.of() : List.copyOf(recentXids);
    exemplars = exemplars == null ? List.of() : List.copyOf(exemplars);
  }
}
