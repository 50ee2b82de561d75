package io.strata.remediator.core.review;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.DeadlinePolicy;
import java.util.List;
import java.util.Optional;

/** Where people hear about plans and outcomes (Slack, Teams, PagerDuty; each may be off). */
public interface Notifier {

  /**
   * A new revision of an incident of this cluster, on the active instance (the live one, and each
   * incident read back by a rebuild); stale revisions never arrive. Only a pager needs it.
   */
  default void incidentChanged(Incident incident) {}

  /** A new plan (or new steps of one) awaits approval. */
  void planProposed(Incident incident, List<RemediationAction> actions, List<String> notes);

  /**
   * An action reached a new state. {@code incidentActions} are all actions of its incident (to
   * redraw the plan); {@code responseUrl} is the Slack message to update, if the change came from a
   * click.
   */
  void actionUpdated(
      Optional<Incident> incident,
      List<RemediationAction> incidentActions,
      RemediationAction changed,
      Optional<String> responseUrl);

  /** The incident resolved; these undos of temporary mitigations are proposed (or applied). */
  void recovered(Incident incident, List<RemediationAction> undos);

  /** The incident missed its recovery deadline; what the policy did about it. */
  void deadlineMissed(Incident incident, DeadlinePolicy policy, List<RemediationAction> actions);
}
