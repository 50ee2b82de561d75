package io.strata.events.topic;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/** Kafka's {@code cleanup.policy} for a topic. */
public enum CleanupPolicy {
  @JsonEnumDefaultValue
  UNSPECIFIED(""),
  /** Time-bounded history. */
  DELETE("delete"),
  /** Latest value per key, tombstones remove a key: the topic is a table of current state. */
  COMPACT("compact");

  private final String kafkaValue;

  CleanupPolicy(String kafkaValue) {
    this.kafkaValue = kafkaValue;
  }

  public String kafkaValue() {
    return kafkaValue;
  }
}
