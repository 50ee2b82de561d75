package io.strata.remediator.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.incident.Incident;
import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topics;
import io.strata.remediator.RemediationService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

/**
 * Each record the {@link IncidentFollower} reads from strata.incidents.v1: checks the CloudEvents
 * type, binds the JSON, queues the incident for the service's execution thread and returns at once
 * (it never waits on remediation). Anything unusable, or an incident whose processing fails, goes
 * to the dead-letter topic with its reason.
 */
@ApplicationScoped
public class IncidentConsumer {

  private static final Logger LOG = Logger.getLogger(IncidentConsumer.class);

  @Inject RemediationService service;
  @Inject DeadLetterSender deadLetters;
  @Inject MeterRegistry metrics;

  public void consume(ConsumerRecord<String, byte[]> record) {
    if (record.value() == null) {
      // A tombstone: the correlator forgot the incident; nothing to remediate.
      return;
    }
    Optional<CloudEventMetadata> metadata = CloudEventHeaders.read(record.headers());
    if (metadata.isEmpty()) {
      deadLetters.send(record, DeadLetterReason.NOT_A_CLOUDEVENT, "missing ce_* headers");
      return;
    }
    if (!EventType.INCIDENT.ceType().equals(metadata.get().type())) {
      deadLetters.send(
          record,
          DeadLetterReason.UNEXPECTED_EVENT_TYPE,
          "ce_type " + metadata.get().type() + " on " + record.topic());
      return;
    }
    Incident incident;
    try {
      incident =
          Topics.INCIDENTS.valueSerde().deserializer().deserialize(record.topic(), record.value());
    } catch (EventSerdeException e) {
      deadLetters.send(record, DeadLetterReason.DESERIALIZATION_FAILED, e.getMessage());
      return;
    }
    if (incident.incidentId() == null || incident.incidentId().isBlank()) {
      deadLetters.send(record, DeadLetterReason.PROCESSING_FAILED, "incident without incident_id");
      return;
    }
    metrics.counter("strata.remediator.incidents", "state", incident.state().name()).increment();
    try {
      service.onIncident(incident, failure -> processingFailed(record, incident, failure));
    } catch (RuntimeException e) {
      processingFailed(record, incident, e);
    }
  }

  private void processingFailed(
      ConsumerRecord<String, byte[]> record, Incident incident, RuntimeException e) {
    LOG.errorf(e, "incident %s could not be processed", incident.incidentId());
    deadLetters.send(record, DeadLetterReason.PROCESSING_FAILED, String.valueOf(e.getMessage()));
  }
}
