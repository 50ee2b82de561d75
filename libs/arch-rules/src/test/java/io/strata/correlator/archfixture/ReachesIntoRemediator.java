package io.strata.correlator.archfixture;

import io.strata.remediator.archfixture.RemediatorThing;

/** A deliberate violation: a correlator class that calls the remediator. */
public final class ReachesIntoRemediator {
  public int use() {
    return RemediatorThing.value();
  }
}
