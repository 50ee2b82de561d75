package io.strata.remediator.core.plan;

import io.strata.events.incident.Incident;
import io.strata.events.incident.Scope;

/** Null-safe reads of an incident's optional parts. */
public final class Incidents {

  private static final Scope EMPTY = new Scope(null, null, null, null, null, false, false, false);

  private Incidents() {}

  public static Scope scope(Incident incident) {
    return incident.scope() == null ? EMPTY : incident.scope();
  }
}
