package io.strata.remediator.core.guard;

import java.util.concurrent.atomic.AtomicBoolean;

/** The global pause: set, it refuses every approved action until cleared. */
public final class PauseSwitch {

  private final AtomicBoolean paused;

  public PauseSwitch(boolean initiallyPaused) {
    this.paused = new AtomicBoolean(initiallyPaused);
  }

  public boolean paused() {
    return paused.get();
  }

  public void set(boolean value) {
    paused.set(value);
  }
}
