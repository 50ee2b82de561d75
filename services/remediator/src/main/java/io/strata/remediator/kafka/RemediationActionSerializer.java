package io.strata.remediator.kafka;

import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import org.apache.kafka.common.serialization.Serializer;

/** Strata's JSON mapping of remediation actions, for the remediation-out channel. */
public final class RemediationActionSerializer implements Serializer<RemediationAction> {

  @Override
  public byte[] serialize(String topic, RemediationAction data) {
    return Topics.REMEDIATION.valueSerde().serializer().serialize(topic, data);
  }
}
