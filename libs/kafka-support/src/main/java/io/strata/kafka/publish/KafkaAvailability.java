package io.strata.kafka.publish;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Remembers whether Kafka took the last publication. After a failure, requests are refused at once
 * (instead of each waiting out the delivery timeout); once the retry interval has passed since the
 * last failure, one probe request at a time is let through, and its success reopens the way.
 */
public final class KafkaAvailability {

  /** A snapshot for health checks and refusal messages. */
  public record Status(
      boolean available, Instant unavailableSince, Instant lastFailure, String lastError) {}

  /** What a caller may do now. */
  public enum Pass {
    /** Kafka is believed healthy. */
    NORMAL,
    /** Kafka failed; this caller is the one probe allowed through. */
    PROBE,
    /** Kafka failed recently or a probe is already out: refuse. */
    REFUSED
  }

  private static final Status AVAILABLE = new Status(true, null, null, null);

  private final Clock clock;
  private final Duration probeInterval;
  private final AtomicBoolean probing = new AtomicBoolean();
  private volatile Status status = AVAILABLE;

  public KafkaAvailability(Clock clock, Duration probeInterval) {
    this.clock = clock;
    this.probeInterval = probeInterval;
  }

  public Pass tryPass() {
    Status current = status;
    if (current.available()) {
      return Pass.NORMAL;
    }
    if (clock.instant().isBefore(current.lastFailure().plus(probeInterval))) {
      return Pass.REFUSED;
    }
    return probing.compareAndSet(false, true) ? Pass.PROBE : Pass.REFUSED;
  }

  public void succeeded(Pass pass) {
    if (!status.available()) {
      status = AVAILABLE;
    }
    release(pass);
  }

  public void failed(Pass pass, String error) {
    Status current = status;
    Instant now = clock.instant();
    Instant since = current.available() ? now : current.unavailableSince();
    status = new Status(false, since, now, error);
    release(pass);
  }

  /** A passed caller that never reached Kafka gives its probe slot back. */
  public void abandoned(Pass pass) {
    release(pass);
  }

  public Status status() {
    return status;
  }

  private void release(Pass pass) {
    if (pass == Pass.PROBE) {
      probing.set(false);
    }
  }
}
