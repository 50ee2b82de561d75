package io.strata.console.core;

import io.strata.events.alert.AlertEvent;
import io.strata.events.incident.AlertEvidence;
import io.strata.events.incident.Incident;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The list's "Alerts (context)": every kept alert that no incident the console holds carries as
 * evidence, the newest first (by startsAt, then by when Strata received it, then by fingerprint).
 */
final class ContextAlerts {

  private static final Comparator<AlertRow> NEWEST_FIRST =
      Comparator.comparing(AlertRow::startsAt, Comparator.nullsLast(Comparator.reverseOrder()))
          .thenComparing(AlertRow::receivedAt, Comparator.nullsLast(Comparator.reverseOrder()))
          .thenComparing(AlertRow::fingerprint);

  private ContextAlerts() {}

  /**
   * @param incidents the latest revision of every incident held, open or resolved
   */
  static List<AlertRow> of(Collection<AlertEvent> alerts, Collection<Incident> incidents) {
    Map<String, List<AlertEvidence>> carried = new HashMap<>();
    for (Incident incident : incidents) {
      for (AlertEvidence evidence : incident.evidence().alerts()) {
        carried.computeIfAbsent(evidence.fingerprint(), f -> new ArrayList<>()).add(evidence);
      }
    }
    return alerts.stream()
        .filter(alert -> !carried(alert, carried.getOrDefault(alert.fingerprint(), List.of())))
        .map(AlertRow::of)
        .sorted(NEWEST_FIRST)
        .toList();
  }

  /**
   * Carried by an incident: the same fingerprint, and the same startsAt when both state one. The
   * correlator updates an open incident's entry as the alert changes; an alert that fires again
   * after its incident closed (a new startsAt) is context again.
   */
  private static boolean carried(AlertEvent alert, List<AlertEvidence> evidence) {
    return evidence.stream()
        .anyMatch(
            e ->
                e.startsAt() == null
                    || alert.startsAt() == null
                    || Objects.equals(e.startsAt(), alert.startsAt()));
  }
}
