package io.strata.kafka.publish;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Whether Kafka is taking this service's records: healthy unless the latest delivery attempt failed
 * and none succeeded since. What a publisher's readiness check reports.
 */
public final class PublisherHealth {

  /** A snapshot for readiness checks. */
  public record Status(
      boolean healthy, Instant lastSuccess, Instant lastFailure, String lastError) {}

  private record Attempts(
      boolean latestSucceeded, Instant lastSuccess, Instant lastFailure, String lastError) {}

  private final Clock clock;
  private final AtomicReference<Attempts> attempts =
      new AtomicReference<>(new Attempts(true, null, null, null));

  public PublisherHealth(Clock clock) {
    this.clock = clock;
  }

  public void succeeded() {
    Instant now = clock.instant();
    attempts.updateAndGet(a -> new Attempts(true, now, a.lastFailure(), a.lastError()));
  }

  public void failed(Exception error) {
    Instant now = clock.instant();
    attempts.updateAndGet(a -> new Attempts(false, a.lastSuccess(), now, String.valueOf(error)));
  }

  public boolean healthy() {
    return status().healthy();
  }

  public Status status() {
    Attempts a = attempts.get();
    // The order of attempts decides, not their times: two may share a clock tick.
    return new Status(a.latestSucceeded(), a.lastSuccess(), a.lastFailure(), a.lastError());
  }
}
