package io.strata.remediator;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.remediator.core.guard.LeaderTerm;
import io.strata.remediator.kube.Leadership;
import java.util.concurrent.Executor;

/**
 * What the Lease election means for this instance's memory: an acquisition begins a term (before
 * leading reads true) and asks for the term's rebuild; the first other holder seen asks a standby
 * to read its memory once, to be ready. Every request is "rebuild if due" on the execution thread,
 * so a term gets one rebuild however many ask (ADR 022).
 */
final class TakeoverListener implements Leadership.Listener {

  private final LeaderTerm term;
  private final String identity;
  private final Executor worker;
  private final Runnable rebuildIfDue;
  private final MeterRegistry registry;

  TakeoverListener(
      LeaderTerm term,
      String identity,
      Executor worker,
      Runnable rebuildIfDue,
      MeterRegistry registry) {
    this.term = term;
    this.identity = identity;
    this.worker = worker;
    this.rebuildIfDue = rebuildIfDue;
    this.registry = registry;
  }

  @Override
  public void acquiring() {
    // Nothing is decided, proposed or executed until the memory is rebuilt in this term: the
    // standby's may predate the old leader's last writes.
    term.begin();
  }

  @Override
  public void startedLeading() {
    worker.execute(rebuildIfDue);
  }

  @Override
  public void stoppedLeading() {
    registry.counter("strata.remediator.leadership.lost").increment();
  }

  @Override
  public void observedLeader(String holder) {
    if (!identity.equals(holder)) {
      worker.execute(rebuildIfDue);
    }
  }
}
