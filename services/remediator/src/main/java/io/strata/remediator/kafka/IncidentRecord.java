package io.strata.remediator.kafka;

import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.incident.Incident;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topics;
import java.util.Optional;
import org.apache.kafka.common.header.Headers;

/**
 * What one record of strata.incidents.v1 is to the remediator, decided without side effects so that
 * every record (a fuzzed one too) is one of three cases and none throws: a tombstone, an incident
 * to act on, or an unusable record with the dead-letter reason and detail it is parked with.
 */
public sealed interface IncidentRecord {

  /** The correlator forgot the incident: nothing to remediate. */
  record Tombstone() implements IncidentRecord {}

  record Usable(Incident incident) implements IncidentRecord {}

  record Unusable(DeadLetterReason reason, String detail) implements IncidentRecord {}

  static IncidentRecord read(String topic, Headers headers, byte[] value) {
    if (value == null) {
      return new Tombstone();
    }
    Optional<CloudEventMetadata> metadata = CloudEventHeaders.read(headers);
    if (metadata.isEmpty()) {
      return new Unusable(DeadLetterReason.NOT_A_CLOUDEVENT, "missing ce_* headers");
    }
    if (!EventType.INCIDENT.ceType().equals(metadata.get().type())) {
      return new Unusable(
          DeadLetterReason.UNEXPECTED_EVENT_TYPE,
          "ce_type " + metadata.get().type() + " on " + topic);
    }
    Incident incident;
    try {
      incident = Topics.INCIDENTS.valueSerde().deserializer().deserialize(topic, value);
    } catch (EventSerdeException e) {
      return new Unusable(DeadLetterReason.DESERIALIZATION_FAILED, String.valueOf(e.getMessage()));
    }
    if (incident.incidentId() == null || incident.incidentId().isBlank()) {
      return new Unusable(DeadLetterReason.PROCESSING_FAILED, "incident without incident_id");
    }
    if (incident.state() == null) {
      return new Unusable(
          DeadLetterReason.PROCESSING_FAILED,
          "incident " + incident.incidentId() + " without state");
    }
    return new Usable(incident);
  }
}
