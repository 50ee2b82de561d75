package io.strata.remediator.kafka;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.incident.Incident;
import io.strata.remediator.RemediationService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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
    // Java 17: no pattern switch; the three cases of the sealed IncidentRecord in turn.
    IncidentRecord read = IncidentRecord.read(record.topic(), record.headers(), record.value());
    if (read instanceof IncidentRecord.Unusable unusable) {
      deadLetters.send(record, unusable.reason(), unusable.detail());
    } else if (read instanceof IncidentRecord.Usable usable) {
      act(record, usable.incident());
    }
    // A Tombstone: the correlator forgot the incident; nothing to remediate.
  }

  private void act(ConsumerRecord<String, byte[]> record, Incident incident) {
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
