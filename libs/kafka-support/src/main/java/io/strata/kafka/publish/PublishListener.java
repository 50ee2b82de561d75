package io.strata.kafka.publish;

/**
 * What a service does about its publisher's outcomes: its own metrics and recovery (k8s-watcher
 * asks for a topic's republish). Called on the publisher's and the producer's I/O threads: keep it
 * quick and never block.
 */
public interface PublishListener {

  /** Kafka acknowledged the record. */
  default void acknowledged(OutboundRecord record) {}

  /**
   * Kafka did not take the record. {@code retrying} is true on the never-evict lane, which puts the
   * record back and sends it again.
   */
  default void failed(OutboundRecord record, Exception error, boolean retrying) {}

  /** A DROP_OLDEST buffer discarded this record to make room. */
  default void dropped(OutboundRecord record) {}

  /** A full buffer did not take this record. */
  default void refused(OutboundRecord record) {}

  /** No reactions: the publisher's own health and counts only. */
  PublishListener NONE = new PublishListener() {};
}
