package io.strata.remediator.core.guard;

import java.time.Clock;
import java.util.Optional;

/**
 * The pause switch persisted with who and when, so that it survives restarts and leader changes.
 * Failing safe: a pause holds in memory even when it could not be persisted (the caller is told),
 * while a resume takes effect only once persisted, so no instance can come back unpaused by
 * accident.
 *
 * <p>{@link #restore} and {@link #set} exclude each other: a rebuild (a takeover, or the recovery a
 * pending decision starts) that read the store just before a person paused would otherwise write
 * its older state over the new pause in memory, and this instance would act while the Lease says
 * paused.
 */
public final class PauseControl {

  private final PauseSwitch pause;
  private final PauseStore store;
  private final boolean pausedByConfig;
  private final Clock clock;

  /**
   * @param pausedByConfig {@code strata.remediator.paused}: pauses at every start whatever was
   *     persisted (an operator's emergency brake through the Deployment's environment)
   */
  public PauseControl(PauseSwitch pause, PauseStore store, boolean pausedByConfig, Clock clock) {
    this.pause = pause;
    this.store = store;
    this.pausedByConfig = pausedByConfig;
    this.clock = clock;
  }

  /**
   * Reads the persisted switch into memory: at start and when a standby takes over.
   *
   * @throws PauseStoreException when the store cannot be read (the caller retries, as the journal
   *     rebuild is retried; the in-memory switch is left as it was)
   */
  public synchronized PauseState restore() {
    PauseState state = atStart(pausedByConfig, store.load());
    pause.set(state);
    return state;
  }

  /** What the switch is at start: a persisted pause, else the configuration's, else persisted. */
  PauseState atStart(boolean byConfig, Optional<PauseState> persisted) {
    if (persisted.isPresent() && persisted.get().paused()) {
      return persisted.get();
    }
    if (byConfig) {
      return new PauseState(true, PauseState.BY_CONFIG, clock.instant());
    }
    return persisted.orElse(PauseState.NEVER_SET);
  }

  /**
   * A person flips the switch. Setting it to what it already is changes nothing (the first pause
   * keeps its author and time) and writes nothing.
   *
   * @throws PauseStoreException when the new state could not be persisted: a pause then still holds
   *     in this instance, a resume does not happen
   */
  public synchronized PauseState set(boolean paused, String principal) {
    if (pause.paused() == paused) {
      return pause.state();
    }
    PauseState state = new PauseState(paused, principal, clock.instant());
    if (paused) {
      pause.set(state);
      store.save(state);
    } else {
      store.save(state);
      pause.set(state);
    }
    return state;
  }

  public PauseState current() {
    return pause.state();
  }
}
