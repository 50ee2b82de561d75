package io.strata.remediator.core.policy.backtest;

import io.strata.events.incident.Incident;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The revisions read from strata.incidents.v1, per incident: which one was current when a step was
 * planned, and when the step's episode resolved. The topic is compacted, so often only the latest
 * revision is left; it then stands for every earlier moment.
 */
final class IncidentRevisions {

  private static final Comparator<Incident> ORDER =
      Comparator.comparing(IncidentRevisions::updatedAt).thenComparingLong(Incident::revision);

  private final Map<String, List<Incident>> byId = new HashMap<>();

  IncidentRevisions(List<Incident> incidents) {
    for (Incident incident : incidents) {
      if (incident != null && incident.incidentId() != null) {
        byId.computeIfAbsent(incident.incidentId(), id -> new ArrayList<>()).add(incident);
      }
    }
    byId.values().forEach(list -> list.sort(ORDER));
  }

  boolean knows(String incidentId) {
    return incidentId != null && byId.containsKey(incidentId);
  }

  /**
   * The latest revision of the episode updated at or before {@code at}, else its earliest; the
   * incident's revisions of any episode when none is of this one.
   */
  Optional<Incident> at(String incidentId, int episode, Instant at) {
    List<Incident> revisions = ofEpisode(incidentId, episode);
    if (revisions.isEmpty()) {
      return Optional.empty();
    }
    Incident current = revisions.get(0);
    for (Incident revision : revisions) {
      if (!updatedAt(revision).isAfter(at)) {
        current = revision;
      }
    }
    return Optional.of(current);
  }

  /** When the episode resolved, from its latest revision that says so. */
  Optional<Instant> resolvedAt(String incidentId, int episode) {
    List<Incident> revisions = ofEpisode(incidentId, episode);
    for (int i = revisions.size() - 1; i >= 0; i--) {
      if (revisions.get(i).resolvedAt() != null) {
        return Optional.of(revisions.get(i).resolvedAt());
      }
    }
    return Optional.empty();
  }

  private List<Incident> ofEpisode(String incidentId, int episode) {
    List<Incident> all = byId.getOrDefault(incidentId, List.of());
    List<Incident> same = all.stream().filter(i -> i.episode() == episode).toList();
    return same.isEmpty() ? all : same;
  }

  private static Instant updatedAt(Incident incident) {
    return Objects.requireNonNullElse(incident.updatedAt(), Instant.EPOCH);
  }
}
