package io.strata.remediator.core;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.review.Notifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Keeps what would have been posted to Slack. */
final class RecordingNotifier implements Notifier {

  record Notice(String kind, String incidentId, List<String> actionIds, List<String> notes) {}

  final List<Notice> notices = new ArrayList<>();

  @Override
  public void planProposed(Incident incident, List<RemediationAction> actions, List<String> notes) {
    notices.add(new Notice("plan", incident.incidentId(), ids(actions), notes));
  }

  @Override
  public void actionUpdated(
      Optional<Incident> incident,
      List<RemediationAction> incidentActions,
      RemediationAction changed,
      Optional<String> responseUrl) {
    notices.add(new Notice("update", changed.incidentId(), List.of(changed.actionId()), List.of()));
  }

  @Override
  public void recovered(Incident incident, List<RemediationAction> undos) {
    notices.add(new Notice("recovered", incident.incidentId(), ids(undos), List.of()));
  }

  @Override
  public void deadlineMissed(
      Incident incident, DeadlinePolicy policy, List<RemediationAction> actions) {
    notices.add(new Notice("deadline-" + policy, incident.incidentId(), ids(actions), List.of()));
  }

  private static List<String> ids(List<RemediationAction> actions) {
    return actions.stream().map(RemediationAction::actionId).toList();
  }
}
