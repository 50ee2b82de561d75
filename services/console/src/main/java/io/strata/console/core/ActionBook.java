package io.strata.console.core;

import io.strata.events.remediation.RemediationAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Every action's recorded states, in the order the remediator wrote them, indexed by incident. */
final class ActionBook {

  private final Map<String, List<RemediationAction>> histories = new HashMap<>();
  private final Bounded<String, Set<String>> actionsByIncident;
  private final int statesPerAction;

  ActionBook(int incidents, int statesPerAction) {
    this.actionsByIncident =
        new Bounded<>(incidents, (incident, ids) -> histories.keySet().removeAll(ids));
    this.statesPerAction = statesPerAction;
  }

  void add(RemediationAction action) {
    Set<String> ids = actionsByIncident.get(action.incidentId());
    if (ids == null) {
      ids = new LinkedHashSet<>();
      actionsByIncident.put(action.incidentId(), ids);
    }
    ids.add(action.actionId());
    List<RemediationAction> history =
        histories.computeIfAbsent(action.actionId(), id -> new ArrayList<>());
    RemediationAction last = history.isEmpty() ? null : history.get(history.size() - 1);
    if (last != null && last.state() == action.state() && last.attempt() == action.attempt()) {
      history.set(history.size() - 1, action);
      return;
    }
    history.add(action);
    while (history.size() > statesPerAction) {
      history.remove(0);
    }
  }

  /** The incident's actions, each as its history (oldest state first), in proposal order. */
  List<List<RemediationAction>> forIncident(String incidentId) {
    Set<String> ids = actionsByIncident.getOrDefault(incidentId, Set.of());
    List<List<RemediationAction>> all = new ArrayList<>(ids.size());
    for (String id : ids) {
      all.add(List.copyOf(histories.getOrDefault(id, List.of())));
    }
    return all;
  }

  Optional<RemediationAction> latest(String actionId) {
    List<RemediationAction> history = histories.get(actionId);
    return history == null || history.isEmpty()
        ? Optional.empty()
        : Optional.of(history.get(history.size() - 1));
  }

  /** Latest state of every known action. */
  List<RemediationAction> latestAll() {
    List<RemediationAction> all = new ArrayList<>(histories.size());
    for (List<RemediationAction> history : histories.values()) {
      all.add(history.get(history.size() - 1));
    }
    return all;
  }
}
