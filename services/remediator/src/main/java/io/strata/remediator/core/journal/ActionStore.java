package io.strata.remediator.core.journal;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.RemediationAction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every action's history, in the order its states were recorded. Rebuilt from strata.remediation.v1
 * at startup, then kept current by the journal.
 */
public final class ActionStore {

  private final Map<String, List<RemediationAction>> histories = new LinkedHashMap<>();

  /** Undo id → the id of the action it undoes, filled as actions first appear. */
  private final Map<String, String> undone = new HashMap<>();

  /** Action id → the integrity tag of its latest record (see {@link JournalTags}). */
  private final Map<String, String> latestTags = new HashMap<>();

  /** Appends a record with its integrity tag (null when it carried none). */
  public synchronized void apply(RemediationAction action, String tag) {
    if (tag == null) {
      latestTags.remove(action.actionId());
    } else {
      latestTags.put(action.actionId(), tag);
    }
    histories
        .computeIfAbsent(
            action.actionId(),
            id -> {
              undone.put(ActionIds.undoOf(id), id);
              return new ArrayList<>();
            })
        .add(action);
  }

  /** The integrity tag recorded with the action's latest state, if it carried one. */
  public synchronized Optional<String> latestTag(String actionId) {
    return Optional.ofNullable(latestTags.get(actionId));
  }

  public synchronized Optional<RemediationAction> latest(String actionId) {
    List<RemediationAction> history = histories.get(actionId);
    return history == null ? Optional.empty() : Optional.of(history.get(history.size() - 1));
  }

  public synchronized List<RemediationAction> history(String actionId) {
    return List.copyOf(histories.getOrDefault(actionId, List.of()));
  }

  /** The latest state of every action, in order of first appearance. */
  public synchronized List<RemediationAction> all() {
    return histories.values().stream().map(h -> h.get(h.size() - 1)).toList();
  }

  public synchronized List<RemediationAction> forIncident(String incidentId) {
    return all().stream().filter(a -> incidentId.equals(a.incidentId())).toList();
  }

  /** When the action first reached {@code state}, if it did. */
  public synchronized Optional<Instant> firstTime(String actionId, ActionState state) {
    return histories.getOrDefault(actionId, List.of()).stream()
        .filter(a -> a.state() == state)
        .map(RemediationAction::updatedAt)
        .findFirst();
  }

  /** The action that {@code undoId} undoes, if it is an undo. */
  public synchronized Optional<RemediationAction> undoneBy(String undoId) {
    String original = undone.get(undoId);
    return original == null ? Optional.empty() : latest(original);
  }

  public synchronized int size() {
    return histories.size();
  }
}
