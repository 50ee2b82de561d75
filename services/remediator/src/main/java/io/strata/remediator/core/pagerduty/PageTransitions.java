package io.strata.remediator.core.pagerduty;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentState;
import io.strata.events.incident.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which events an incident revision sends, each at most once per (incident, episode, action):
 * trigger when an episode is first seen OPEN or MITIGATING at or above the least severity,
 * acknowledge when it is MITIGATING, resolve when it is RESOLVED, and only after a trigger. An
 * episode never at or above the severity sends nothing, its resolution included. A stale or
 * repeated revision sends nothing.
 *
 * <p>An episode this instance has no memory of (after a restart or a takeover, or forgotten after
 * {@code remembered} others) may have been paged by the instance before: OPEN and MITIGATING send
 * their events again (PagerDuty folds a trigger into the open alert with that dedup_key, and sends
 * no notification for an acknowledged one), and RESOLVED sends the resolve when the incident
 * resolved within {@code replayWindow}, so a takeover does not leave an alert open; older
 * resolutions are not replayed.
 */
public final class PageTransitions {

  /** What was sent for an incident's latest episode. */
  private record Known(int episode, long revision, Set<EventAction> sent) {}

  private final Severity minSeverity;
  private final Duration replayWindow;
  private final Map<String, Known> known;

  /**
   * @param minSeverity the least severity that pages (PagerDutySettingsCheck refuses UNSPECIFIED;
   *     an UNSPECIFIED incident never pages)
   * @param remembered incidents remembered, least recently seen forgotten first
   */
  public PageTransitions(Severity minSeverity, Duration replayWindow, int remembered) {
    this.minSeverity = minSeverity;
    this.replayWindow = replayWindow;
    this.known =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Known> eldest) {
            return size() > remembered;
          }
        };
  }

  /** The events this revision sends, in order (a MITIGATING first sight: trigger, acknowledge). */
  public synchronized List<EventAction> next(Incident incident, Instant now) {
    Known was = known.get(incident.incidentId());
    if (was != null
        && (incident.episode() < was.episode()
            || (incident.episode() == was.episode() && incident.revision() <= was.revision()))) {
      return List.of();
    }
    boolean firstSight = was == null || incident.episode() > was.episode();
    Set<EventAction> sent = firstSight ? EnumSet.noneOf(EventAction.class) : was.sent();
    List<EventAction> out = new ArrayList<>();
    boolean pages = pages(incident.severity());
    IncidentState state = incident.state();
    if ((state == IncidentState.OPEN || state == IncidentState.MITIGATING)
        && pages
        && !sent.contains(EventAction.TRIGGER)) {
      out.add(EventAction.TRIGGER);
    }
    boolean triggered = sent.contains(EventAction.TRIGGER) || out.contains(EventAction.TRIGGER);
    if (state == IncidentState.MITIGATING && triggered && !sent.contains(EventAction.ACKNOWLEDGE)) {
      out.add(EventAction.ACKNOWLEDGE);
    }
    if (state == IncidentState.RESOLVED && !sent.contains(EventAction.RESOLVE)) {
      if (triggered || (firstSight && pages && resolvedRecently(incident, now))) {
        out.add(EventAction.RESOLVE);
      }
    }
    Set<EventAction> after = EnumSet.noneOf(EventAction.class);
    after.addAll(sent);
    after.addAll(out);
    known.put(incident.incidentId(), new Known(incident.episode(), incident.revision(), after));
    return out;
  }

  private boolean pages(Severity severity) {
    return severity != Severity.UNSPECIFIED && severity.compareTo(minSeverity) >= 0;
  }

  /** Resolved (else last updated) within the replay window; unknown times count as recent. */
  private boolean resolvedRecently(Incident incident, Instant now) {
    Instant at = incident.resolvedAt() != null ? incident.resolvedAt() : incident.updatedAt();
    return at == null || !at.isBefore(now.minus(replayWindow));
  }
}
