package io.strata.remediator.core.pagerduty;

import io.strata.remediator.core.patch.KubeJson;
import java.time.Duration;

/**
 * Sends one event with retries: after a transient outcome (429, 5xx, no answer) it waits {@code
 * backoff}, then twice as long each time (at most {@link #MAX_WAIT}), up to {@code attempts}
 * attempts; a permanent outcome is final at once. An event not delivered goes to {@link
 * Undelivered} (the dead-letter topic). Runs on the caller's thread; the notifier calls it on its
 * own, in order, so a trigger is always sent before its resolve.
 */
public final class EventSender {

  /** The longest wait between attempts: PagerDuty suggests minutes for a 429, not hours. */
  public static final Duration MAX_WAIT = Duration.ofMinutes(5);

  /** One POST of the body; never throws (no answer is {@link Delivery#unreachable}). */
  public interface Transport {
    Delivery post(String body);
  }

  /** Waits; false when interrupted, which ends the retries. */
  public interface Pause {
    boolean sleep(Duration wait);
  }

  /** Where an event that was not delivered goes. */
  public interface Undelivered {
    void park(PagerDutyEvent event, Delivery last, int attempts);
  }

  /** The last attempt's outcome and how many attempts were made. */
  public record Sent(Delivery last, int attempts) {}

  private final int attempts;
  private final Duration backoff;
  private final Transport transport;
  private final Pause pause;
  private final Undelivered undelivered;

  public EventSender(
      int attempts, Duration backoff, Transport transport, Pause pause, Undelivered undelivered) {
    if (attempts < 1 || backoff.isNegative()) {
      throw new IllegalArgumentException("attempts must be positive and backoff not negative");
    }
    this.attempts = attempts;
    this.backoff = backoff;
    this.transport = transport;
    this.pause = pause;
    this.undelivered = undelivered;
  }

  public Sent send(PagerDutyEvent event) {
    String body = KubeJson.write(event.toJson());
    Delivery last = transport.post(body);
    int made = 1;
    Duration wait = backoff;
    while (last.outcome() == Delivery.Outcome.TRANSIENT && made < attempts) {
      if (!pause.sleep(wait)) {
        break;
      }
      wait = wait.multipliedBy(2).compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait.multipliedBy(2);
      last = transport.post(body);
      made++;
    }
    if (!last.delivered()) {
      undelivered.park(event, last, made);
    }
    return new Sent(last, made);
  }
}
