package io.strata.kafka.publish;

import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;

/** Which delivery errors a re-send can never cure. */
public final class DeliveryErrors {

  private DeliveryErrors() {}

  /**
   * True for errors after which sending the same record again can never succeed (the record is too
   * large, cannot be serialised, or names an invalid topic): the never-evict lane reports such a
   * record as failed for good instead of re-sending it forever.
   */
  public static boolean permanent(Exception error) {
    return error instanceof RecordTooLargeException
        || error instanceof SerializationException
        || error instanceof InvalidTopicException;
  }
}
