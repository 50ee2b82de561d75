package io.strata.remediator.teams;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.remediator.core.teams.AdaptiveCard;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * Runs one post with retries: another attempt after a rate limit, a server error or no answer,
 * waiting {@code backoff} and then twice as long each time; after {@code attempts} the post is
 * dead-lettered: the card goes to the dead-letter topic ({@link Undelivered}), and is logged,
 * counted and kept for inspection. A 4xx other than 401 and 429 is final at once: the same body
 * would be refused again. Runs on the notifier's own thread, in order.
 */
final class CardPoster {

  private static final Logger LOG = Logger.getLogger(CardPoster.class);

  /** Dead letters kept in memory for the metrics endpoint's readers and the tests. */
  private static final int DEAD_LETTERS_KEPT = 100;

  /** A post that used its whole budget. */
  record DeadLetter(String kind, String incidentId, int lastStatus, int attempts) {}

  /** Where a card that used its whole budget is parked (the dead-letter topic). */
  interface Undelivered {
    void park(DeadLetter letter, AdaptiveCard card);
  }

  private final int attempts;
  private final Duration backoff;
  private final MeterRegistry metrics;
  private final Undelivered undelivered;
  private final Deque<DeadLetter> deadLetters = new ArrayDeque<>();

  CardPoster(int attempts, Duration backoff, MeterRegistry metrics, Undelivered undelivered) {
    this.attempts = attempts;
    this.backoff = backoff;
    this.metrics = metrics;
    this.undelivered = undelivered;
  }

  /** Posts {@code card}: the delivered attempt, or the last one when the budget ran out. */
  BotConnector.Attempt post(
      String kind,
      String incidentId,
      AdaptiveCard card,
      Function<AdaptiveCard, BotConnector.Attempt> call) {
    BotConnector.Attempt attempt = call.apply(card);
    long wait = backoff.toMillis();
    for (int n = 1; n < attempts && !attempt.delivered() && attempt.retryable(); n++) {
      if (!pause(wait)) {
        break;
      }
      wait *= 2;
      attempt = call.apply(card);
    }
    String outcome = attempt.delivered() ? "DELIVERED" : "DEAD_LETTERED";
    metrics.counter("strata.remediator.teams.posts", "kind", kind, "outcome", outcome).increment();
    if (!attempt.delivered()) {
      LOG.errorf(
          "teams %s for %s dead-lettered: last status %d after the retry budget",
          kind, incidentId, attempt.status());
      DeadLetter letter = new DeadLetter(kind, incidentId, attempt.status(), attempts);
      undelivered.park(letter, card);
      synchronized (deadLetters) {
        deadLetters.addLast(letter);
        if (deadLetters.size() > DEAD_LETTERS_KEPT) {
          deadLetters.removeFirst();
        }
      }
    }
    return attempt;
  }

  List<DeadLetter> deadLetters() {
    synchronized (deadLetters) {
      return List.copyOf(deadLetters);
    }
  }

  private static boolean pause(long millis) {
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
