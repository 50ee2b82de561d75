package io.strata.traceingest.alert;

import io.strata.events.alert.AlertEvent;
import io.strata.events.alert.AlertStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What was last published per fingerprint, so that Alertmanager's repeats of an unchanged alert
 * (every group_interval while its group changes, every repeat_interval otherwise) are not
 * republished. Bounded: the least recently seen fingerprints are forgotten first, and a forgotten
 * alert is published once more when it next arrives. In memory only: after a restart each alert is
 * published once more.
 */
public final class PublishedAlerts {

  /** The part of an alert whose change is news; annotations are not (they often carry values). */
  private record State(AlertStatus status, Instant startsAt, Instant endsAt) {
    static State of(AlertEvent event) {
      return new State(event.status(), event.startsAt(), event.endsAt());
    }
  }

  private final Map<String, State> last;

  public PublishedAlerts(int capacity) {
    this.last =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, State> eldest) {
            return size() > capacity;
          }
        };
  }

  /**
   * The events that are news: not published before in this state, each state once (a notification
   * that names one alert twice). Remembers nothing: call {@link #remember} once Kafka has them.
   */
  public synchronized List<AlertEvent> unpublished(List<AlertEvent> events) {
    List<AlertEvent> news = new ArrayList<>(events.size());
    Set<String> seen = new HashSet<>();
    for (AlertEvent event : events) {
      State state = State.of(event);
      if (!state.equals(last.get(event.fingerprint()))
          && seen.add(event.fingerprint() + "/" + state)) {
        news.add(event);
      }
    }
    return news;
  }

  /** Records the events Kafka acknowledged, in order (a later state of one alert wins). */
  public synchronized void remember(List<AlertEvent> events) {
    for (AlertEvent event : events) {
      last.put(event.fingerprint(), State.of(event));
    }
  }

  public synchronized int size() {
    return last.size();
  }
}
