package io.strata.console.core;

import io.strata.events.incident.Incident;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every incident's latest revision and the revisions seen before it (the timeline's "revision"
 * entries). Bounded: the incident written longest ago is forgotten first.
 */
final class IncidentBook {

  private final Bounded<String, List<Incident>> revisions;
  private final int revisionsPerIncident;

  IncidentBook(int incidents, int revisionsPerIncident) {
    this.revisions = new Bounded<>(incidents);
    this.revisionsPerIncident = revisionsPerIncident;
  }

  /** Keeps the revision unless an equal or newer one is already known (replays, duplicates). */
  boolean add(Incident incident) {
    List<Incident> known = revisions.get(incident.incidentId());
    if (known != null && known.get(known.size() - 1).revision() >= incident.revision()) {
      return false;
    }
    List<Incident> next = known == null ? new ArrayList<>() : new ArrayList<>(known);
    next.add(incident);
    while (next.size() > revisionsPerIncident) {
      next.remove(0);
    }
    revisions.write(incident.incidentId(), List.copyOf(next));
    return true;
  }

  void forget(String incidentId) {
    revisions.remove(incidentId);
  }

  Optional<Incident> latest(String incidentId) {
    List<Incident> known = revisions.get(incidentId);
    return known == null ? Optional.empty() : Optional.of(known.get(known.size() - 1));
  }

  List<Incident> revisions(String incidentId) {
    return revisions.getOrDefault(incidentId, List.of());
  }

  List<Incident> latestAll() {
    List<Incident> all = new ArrayList<>(revisions.size());
    revisions.values().forEach(list -> all.add(list.get(list.size() - 1)));
    return all;
  }

  int size() {
    return revisions.size();
  }
}
