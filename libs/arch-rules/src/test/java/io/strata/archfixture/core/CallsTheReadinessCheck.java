package io.strata.archfixture.core;

import io.strata.archfixture.web.ReadyCheck;

/** A deliberate violation twice over: core reaches an adapter, and an entry point is called. */
public final class CallsTheReadinessCheck {
  public Object ask() {
    return new ReadyCheck().call();
  }
}
