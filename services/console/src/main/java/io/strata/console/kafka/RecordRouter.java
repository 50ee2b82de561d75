package io.strata.console.kafka;

import io.strata.console.core.ConsoleState;
import io.strata.events.alert.AlertEvent;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Binds one record of a followed topic (incidents, actions, reviews, alerts) to its event type (the
 * descriptors of libs/events) and hands it to the state; spans, samples and XIDs are never followed
 * (TelemetryReader reads them per incident). Pure: the reader thread calls it; tests call it with
 * bytes.
 */
public final class RecordRouter {

  /** Why a record was skipped; counted per topic in strata_console_records_skipped_total. */
  public enum SkipReason {
    UNSPECIFIED,
    DESERIALIZATION_FAILED,
    MISSING_ID,
    UNKNOWN_TOPIC
  }

  private final Map<String, BiConsumer<String, byte[]>> handlers;

  public RecordRouter(ConsoleState state) {
    handlers =
        Map.of(
            Topics.INCIDENTS.name(),
            (key, value) -> {
              if (value == null) {
                state.forgetIncident(key);
                return;
              }
              Incident incident = read(Topics.INCIDENTS, value);
              requireId(incident.incidentId());
              state.incident(incident);
            },
            Topics.REMEDIATION.name(),
            (key, value) -> {
              RemediationAction action = read(Topics.REMEDIATION, value);
              requireId(action.actionId());
              requireId(action.incidentId());
              state.action(action);
            },
            Topics.REVIEWS.name(),
            (key, value) -> {
              ReviewRecord review = read(Topics.REVIEWS, value);
              requireId(review.incidentId());
              state.review(review);
            },
            Topics.ALERTS.name(),
            (key, value) -> {
              AlertEvent alert = read(Topics.ALERTS, value);
              requireId(alert.fingerprint());
              state.alert(alert);
            });
  }

  /** Applies one record; the reason it was skipped, if it was. */
  public Optional<SkipReason> route(String topic, String key, byte[] value) {
    BiConsumer<String, byte[]> handler = handlers.get(topic);
    if (handler == null) {
      return Optional.of(SkipReason.UNKNOWN_TOPIC);
    }
    if (value == null && !Topics.INCIDENTS.name().equals(topic)) {
      return Optional.of(SkipReason.DESERIALIZATION_FAILED);
    }
    try {
      handler.accept(key, value);
      return Optional.empty();
    } catch (EventSerdeException e) {
      return Optional.of(SkipReason.DESERIALIZATION_FAILED);
    } catch (MissingId e) {
      return Optional.of(SkipReason.MISSING_ID);
    }
  }

  private static <V> V read(Topic<String, V> topic, byte[] value) {
    return topic.valueSerde().deserializer().deserialize(topic.name(), value);
  }

  private static void requireId(String id) {
    if (id == null || id.isBlank()) {
      throw new MissingId();
    }
  }

  private static final class MissingId extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MissingId() {
      super(null, null, false, false);
    }
  }
}
