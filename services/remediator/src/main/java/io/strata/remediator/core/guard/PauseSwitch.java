package io.strata.remediator.core.guard;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The global pause in memory: set, it refuses every approved action until cleared. {@link
 * PauseControl} keeps it equal to the persisted switch.
 */
public final class PauseSwitch {

  private final AtomicReference<PauseState> state;

  public PauseSwitch(boolean initiallyPaused) {
    this(initiallyPaused ? new PauseState(true, PauseState.BY_CONFIG, null) : PauseState.NEVER_SET);
  }

  public PauseSwitch(PauseState initial) {
    this.state = new AtomicReference<>(initial);
  }

  public boolean paused() {
    return state.get().paused();
  }

  public PauseState state() {
    return state.get();
  }

  public void set(PauseState value) {
    state.set(value);
  }
}
