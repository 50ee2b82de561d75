package io.strata.remediator.core;

import io.strata.events.incident.Incident;
import io.strata.remediator.core.guard.ActiveInstance;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Where an incident read from Kafka enters: queued on the execution thread, so the reader never
 * waits on remediation and no record is held (ADR 022). On that thread only the active instance
 * acts; any other drops the incident, which is safe because the rebuild that makes an instance
 * active reads every incident from the topic: anything dropped before it was written before it.
 */
public final class IncidentIntake {

  private final ActiveInstance active;
  private final Executor worker;
  private final Consumer<Incident> act;
  private final Consumer<Incident> dropped;

  /**
   * @param worker the single execution thread (the rebuild runs on it too)
   * @param act what the active instance does with an incident
   * @param dropped counts an incident an inactive instance left to the next rebuild
   */
  public IncidentIntake(
      ActiveInstance active, Executor worker, Consumer<Incident> act, Consumer<Incident> dropped) {
    this.active = active;
    this.worker = worker;
    this.act = act;
    this.dropped = dropped;
  }

  /** Returns at once; {@code onFailure} gets what acting on the incident throws. */
  public void offer(Incident incident, Consumer<RuntimeException> onFailure) {
    worker.execute(
        () -> {
          if (!active.active()) {
            dropped.accept(incident);
            return;
          }
          try {
            act.accept(incident);
          } catch (RuntimeException e) {
            onFailure.accept(e);
          }
        });
  }
}
