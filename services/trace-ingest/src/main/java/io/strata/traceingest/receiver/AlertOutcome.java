package io.strata.traceingest.receiver;

import io.strata.traceingest.kafka.Refusal;

/** What a readable Alertmanager notification came to. */
public sealed interface AlertOutcome {

  /**
   * Every alert that was news is in Kafka; the others had been published in the same state before.
   */
  record Accepted(int alerts, int published, int deduplicated) implements AlertOutcome {}

  /** Nothing was published for sure: Alertmanager should retry the notification later. */
  record Refused(Refusal reason, String message) implements AlertOutcome {}
}
