package io.strata.traceingest.receiver;

import io.strata.traceingest.kafka.Refusal;

/** What an export request of readable OTLP came to. */
public sealed interface ExportOutcome {

  /**
   * Every valid span is in Kafka; {@code rejectedSpans} invalid ones were dropped with a reason
   * (OTLP partial success when non-zero).
   */
  record Accepted(int acceptedSpans, int rejectedSpans, String rejectionMessage)
      implements ExportOutcome {}

  /** Nothing was published for sure: the client should retry the whole request later. */
  record Refused(Refusal reason, String message) implements ExportOutcome {}
}
