package io.strata.console.kafka;

import io.strata.console.core.ConsoleState;
import io.strata.console.core.UnverifiedRecord;
import io.strata.events.alert.AlertEvent;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.remediation.ReviewRecord;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalTag;
import io.strata.journal.signature.JournalVerification;
import io.strata.journal.signature.JournalVerifier;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Binds one record of a followed topic (incidents, actions, reviews, alerts) to its event type (the
 * descriptors of libs/events) and hands it to the state; spans, samples and XIDs are never followed
 * (TelemetryReader reads them per incident). An action record counts only when its {@code
 * strata-integrity} signature verifies (ADR 052); any other is listed as unverified and never
 * changes the action. Pure: the reader thread calls it; tests call it with bytes.
 */
public final class RecordRouter {

  /** Why a record was skipped; counted per topic in strata_console_records_skipped_total. */
  public enum SkipReason {
    UNSPECIFIED,
    DESERIALIZATION_FAILED,
    MISSING_ID,
    UNKNOWN_TOPIC,
    /** An action record whose signature did not verify: listed as unverified, never applied. */
    UNVERIFIED
  }

  private final Map<String, Consumer<ConsumerRecord<String, byte[]>>> handlers;

  public RecordRouter(ConsoleState state, JournalVerifier verifier) {
    handlers =
        Map.of(
            Topics.INCIDENTS.name(),
            record -> {
              if (record.value() == null) {
                state.forgetIncident(record.key());
                return;
              }
              Incident incident = read(Topics.INCIDENTS, record.value());
              requireId(incident.incidentId());
              state.incident(incident);
            },
            Topics.REMEDIATION.name(),
            record -> {
              RemediationAction action = read(Topics.REMEDIATION, record.value());
              requireId(action.actionId());
              requireId(action.incidentId());
              JournalVerification verification = verifier.verify(action, tag(record));
              if (verification.verified()) {
                state.action(action);
                return;
              }
              state.unverified(
                  new UnverifiedRecord(
                      action.actionId(),
                      action.incidentId(),
                      action.type(),
                      action.state(),
                      verification.reason(),
                      verification.keyId(),
                      record.timestamp() < 0 ? null : Instant.ofEpochMilli(record.timestamp()),
                      record.partition(),
                      record.offset()));
              throw new Unverified();
            },
            Topics.REVIEWS.name(),
            record -> {
              ReviewRecord review = read(Topics.REVIEWS, record.value());
              requireId(review.incidentId());
              state.review(review);
            },
            Topics.ALERTS.name(),
            record -> {
              AlertEvent alert = read(Topics.ALERTS, record.value());
              requireId(alert.fingerprint());
              state.alert(alert);
            });
  }

  /** Applies one record without headers (an action record is then unverified: MISSING). */
  public Optional<SkipReason> route(String topic, String key, byte[] value) {
    return route(new ConsumerRecord<>(topic, 0, 0L, key, value));
  }

  /** Applies one record as read; the reason it was skipped, if it was. */
  public Optional<SkipReason> route(ConsumerRecord<String, byte[]> record) {
    Consumer<ConsumerRecord<String, byte[]>> handler = handlers.get(record.topic());
    if (handler == null) {
      return Optional.of(SkipReason.UNKNOWN_TOPIC);
    }
    if (record.value() == null && !Topics.INCIDENTS.name().equals(record.topic())) {
      return Optional.of(SkipReason.DESERIALIZATION_FAILED);
    }
    try {
      handler.accept(record);
      return Optional.empty();
    } catch (EventSerdeException e) {
      return Optional.of(SkipReason.DESERIALIZATION_FAILED);
    } catch (MissingId e) {
      return Optional.of(SkipReason.MISSING_ID);
    } catch (Unverified e) {
      return Optional.of(SkipReason.UNVERIFIED);
    }
  }

  /** The last {@value JournalTag#HEADER} header's value; null without one. */
  private static String tag(ConsumerRecord<String, byte[]> record) {
    Header header = record.headers().lastHeader(JournalTag.HEADER);
    return header == null || header.value() == null
        ? null
        : new String(header.value(), StandardCharsets.UTF_8);
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

  private static final class Unverified extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unverified() {
      super(null, null, false, false);
    }
  }
}
