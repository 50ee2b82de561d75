package io.strata.simulator.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * One physical GPU: fixed identity plus the device state the scenarios change. The accumulating
 * counters advance in {@link #advance}; everything else is derived when read.
 */
public final class Gpu {

  private final String node;
  private final int index;
  private final String uuid;
  private final String pciBusId;
  private final Deque<XidOccurrence> xids = new ArrayDeque<>();
  private Pod holder;
  private int lastXid;
  private double energyMillijoules;
  private double nvlinkBytes;
  private long pcieReplays;

  /** An XID the driver reported, with when. */
  public record XidOccurrence(int xid, Instant at) {}

  public Gpu(String node, int index, String uuid, String pciBusId) {
    this.node = node;
    this.index = index;
    this.uuid = uuid;
    this.pciBusId = pciBusId;
  }

  public String node() {
    return node;
  }

  public int index() {
    return index;
  }

  public String uuid() {
    return uuid;
  }

  public String pciBusId() {
    return pciBusId;
  }

  /** The pod the Kubernetes API says holds this GPU, or null. */
  public synchronized Pod holder() {
    return holder;
  }

  synchronized void setHolder(Pod pod) {
    holder = pod;
  }

  /** Value of the sticky DCGM_FI_DEV_XID_ERRORS gauge: the last XID ever seen, 0 if none. */
  public synchronized int lastXid() {
    return lastXid;
  }

  synchronized void recordXid(int xid, Instant at) {
    lastXid = xid;
    xids.addLast(new XidOccurrence(xid, at));
  }

  /** XIDs seen within {@code window} before {@code now}, oldest first (older ones are dropped). */
  public synchronized List<XidOccurrence> xidsWithin(Duration window, Instant now) {
    Instant from = now.minus(window);
    while (!xids.isEmpty() && xids.peekFirst().at().isBefore(from)) {
      xids.removeFirst();
    }
    return List.copyOf(xids);
  }

  synchronized Instant lastXidAt(int xid) {
    Instant last = null;
    for (XidOccurrence occurrence : xids) {
      if (occurrence.xid() == xid) {
        last = occurrence.at();
      }
    }
    return last;
  }

  synchronized void advance(double seconds, double powerWatts, double utilisation) {
    energyMillijoules += powerWatts * seconds * 1000.0;
    nvlinkBytes += utilisation * 2.0e9 * seconds;
  }

  synchronized void addPcieReplays(long count) {
    pcieReplays += count;
  }

  public synchronized double energyMillijoules() {
    return energyMillijoules;
  }

  public synchronized double nvlinkBytes() {
    return nvlinkBytes;
  }

  public synchronized long pcieReplays() {
    return pcieReplays;
  }
}
