package io.strata.deviceingest.scrape;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;

/**
 * Which scrapes may run: at most one per target and at most {@code cap} at once. A target whose
 * slot comes while the cap is reached waits in line and starts as soon as a running scrape ends,
 * instead of losing its whole interval: under a brief stall (a collection, a busy core) the targets
 * due during it are scraped late by the stall, not by an interval, and an XID on them is not a
 * second later for it. The line holds each target once, so it never exceeds the targets.
 *
 * <p>Thread-safe; the scheduler starts what {@link #offer} and {@link #finished} admit.
 */
final class ScrapeAdmission {

  /** What becomes of a target whose slot came. */
  enum Decision {
    /** Start it now: it holds a place under the cap. */
    START,
    /** The cap is reached: it waits in line ({@link #startable()} hands it out). */
    WAIT,
    /** Its previous scrape is still running or waiting: it never has two. */
    SKIP
  }

  private final Semaphore places;
  private final Set<String> admitted = ConcurrentHashMap.newKeySet();
  private final ConcurrentLinkedQueue<ScrapeTarget> line = new ConcurrentLinkedQueue<>();

  ScrapeAdmission(int cap) {
    this.places = new Semaphore(cap);
  }

  /**
   * A target's slot came. After {@link Decision#WAIT} call {@link #startable()}: a scrape that
   * ended between the decision and the target's joining the line handed out nothing for it.
   */
  Decision offer(ScrapeTarget target) {
    if (!admitted.add(target.url())) {
      return Decision.SKIP;
    }
    if (places.tryAcquire()) {
      return Decision.START;
    }
    line.add(target);
    return Decision.WAIT;
  }

  /** A started scrape ended: frees its place and returns the waiting targets that take one. */
  List<ScrapeTarget> finished(ScrapeTarget target) {
    admitted.remove(target.url());
    places.release();
    return startable();
  }

  /**
   * A target admitted to start did not start: frees its place without handing it to the line (the
   * next scrape to end, or the next to wait, does that).
   */
  void abandoned(ScrapeTarget target) {
    admitted.remove(target.url());
    places.release();
  }

  /** Waiting targets that now hold a place, first come first: start each of them. */
  List<ScrapeTarget> startable() {
    List<ScrapeTarget> start = new ArrayList<>();
    while (!line.isEmpty() && places.tryAcquire()) {
      ScrapeTarget next = line.poll();
      if (next == null) {
        places.release();
        break;
      }
      start.add(next);
    }
    return start;
  }

  /** A removed target leaves the line; a running scrape of it ends as usual. */
  void forget(String url) {
    if (line.removeIf(t -> t.url().equals(url))) {
      admitted.remove(url);
    }
  }

  /** Targets waiting for a place. */
  int waiting() {
    return line.size();
  }
}
