package io.strata.correlator.core.state;

import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import java.time.Instant;

/** One XID seen on a GPU, kept as evidence for a while. */
public record XidMark(int xid, XidAction action, XidOrigin origin, long occurrences, Instant at) {

  public static XidMark of(XidEvent event, Instant at) {
    return new XidMark(
        event.xid(), event.immediateAction(), event.origin(), event.occurrences(), at);
  }

  /** A device-side XID whose catalog action takes the GPU or node out of service. */
  public boolean deviceFault() {
    return origin != XidOrigin.APPLICATION && action.requiresNodeAction();
  }
}
