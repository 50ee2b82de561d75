package io.strata.remediator.config;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.DeadlinePolicy;
import io.strata.remediator.core.review.Notifier;
import io.strata.remediator.pagerduty.PagerDutyNotifier;
import io.strata.remediator.slack.SlackNotifier;
import io.strata.remediator.teams.TeamsNotifier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/**
 * The engine's one notifier: every plan and change goes to Slack and to Teams, every incident
 * revision to PagerDuty (each may be off).
 */
@ApplicationScoped
public class Notifiers implements Notifier {

  private final List<Notifier> channels;

  @Inject
  public Notifiers(SlackNotifier slack, TeamsNotifier teams, PagerDutyNotifier pagerDuty) {
    this.channels = List.of(slack, teams, pagerDuty);
  }

  @Override
  public void incidentChanged(Incident incident) {
    channels.forEach(c -> c.incidentChanged(incident));
  }

  @Override
  public void planProposed(Incident incident, List<RemediationAction> actions, List<String> notes) {
    channels.forEach(c -> c.planProposed(incident, actions, notes));
  }

  @Override
  public void actionUpdated(
      Optional<Incident> incident,
      List<RemediationAction> incidentActions,
      RemediationAction changed,
      Optional<String> responseUrl) {
    channels.forEach(c -> c.actionUpdated(incident, incidentActions, changed, responseUrl));
  }

  @Override
  public void recovered(Incident incident, List<RemediationAction> undos) {
    channels.forEach(c -> c.recovered(incident, undos));
  }

  @Override
  public void deadlineMissed(
      Incident incident, DeadlinePolicy policy, List<RemediationAction> actions) {
    channels.forEach(c -> c.deadlineMissed(incident, policy, actions));
  }
}
