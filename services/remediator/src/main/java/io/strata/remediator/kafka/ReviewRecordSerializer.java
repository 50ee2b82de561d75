package io.strata.remediator.kafka;

import io.strata.events.remediation.ReviewRecord;
import io.strata.events.topic.Topics;
import org.apache.kafka.common.serialization.Serializer;

/** Strata's JSON mapping of review records, for the reviews-out channel. */
public final class ReviewRecordSerializer implements Serializer<ReviewRecord> {

  @Override
  public byte[] serialize(String topic, ReviewRecord data) {
    return Topics.REVIEWS.valueSerde().serializer().serialize(topic, data);
  }
}
