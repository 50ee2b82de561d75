package io.strata.traceingest.stages;

/** Where on the span's time axis its derived stages are laid, back to back in their order. */
public enum Anchor {
  /** The first stage starts when the span starts (the server measured from the span's start). */
  START,
  /**
   * The last stage ends when the span ends: for servers whose span starts earlier than the first
   * measured stage (request parsing and tokenisation before the queue), so the unmeasured time is
   * left at the front, where it happened.
   */
  END
}
