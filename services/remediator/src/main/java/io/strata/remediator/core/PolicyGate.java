package io.strata.remediator.core;

import io.strata.events.incident.Incident;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.journal.ActionStore;
import io.strata.remediator.core.plan.PlannedAction;
import io.strata.remediator.core.policy.PolicyVerdict;

/** Decides, by the policy in force, what becomes of each newly planned step. */
@FunctionalInterface
public interface PolicyGate {

  /**
   * @throws TargetException when the cluster cannot be read for the node's labels or pool; the
   *     incident is retried later
   */
  PolicyVerdict decide(Incident incident, PlannedAction step, ActionStore store)
      throws TargetException;
}
