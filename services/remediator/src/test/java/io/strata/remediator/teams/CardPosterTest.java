package io.strata.remediator.teams;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.remediator.core.teams.AdaptiveCard;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CardPosterTest {

  private static final AdaptiveCard CARD =
      new AdaptiveCard(List.of(AdaptiveCard.TextBlock.plain("plan")), List.of());

  private final List<CardPoster.DeadLetter> parked = new ArrayList<>();
  private final List<AdaptiveCard> parkedCards = new ArrayList<>();
  private final CardPoster poster =
      new CardPoster(
          3,
          Duration.ofMillis(1),
          new SimpleMeterRegistry(),
          (letter, card) -> {
            parked.add(letter);
            parkedCards.add(card);
          });

  @Test
  void aServerErrorIsRetriedAndAfterTheBudgetTheCardIsParked() {
    AtomicInteger calls = new AtomicInteger();
    BotConnector.Attempt last =
        poster.post(
            "plan",
            "inc-1",
            CARD,
            c -> {
              calls.incrementAndGet();
              return new BotConnector.Attempt(503, Optional.empty());
            });
    assertThat(calls.get()).isEqualTo(3);
    assertThat(last.status()).isEqualTo(503);
    assertThat(parked).containsExactly(new CardPoster.DeadLetter("plan", "inc-1", 503, 3));
    assertThat(parkedCards).containsExactly(CARD);
    assertThat(poster.deadLetters()).containsExactlyElementsOf(parked);
  }

  @Test
  void aRefusalThatWouldRepeatIsFinalAtOnceAndParked() {
    AtomicInteger calls = new AtomicInteger();
    poster.post(
        "update",
        "inc-2",
        CARD,
        c -> {
          calls.incrementAndGet();
          return new BotConnector.Attempt(400, Optional.empty());
        });
    assertThat(calls.get()).isEqualTo(1);
    assertThat(parked).containsExactly(new CardPoster.DeadLetter("update", "inc-2", 400, 3));
  }

  @Test
  void aDeliveredCardIsNotParked() {
    AtomicInteger calls = new AtomicInteger();
    BotConnector.Attempt attempt =
        poster.post(
            "plan",
            "inc-3",
            CARD,
            c ->
                calls.incrementAndGet() == 1
                    ? new BotConnector.Attempt(429, Optional.empty())
                    : new BotConnector.Attempt(201, Optional.of("a-1")));
    assertThat(attempt.activityId()).contains("a-1");
    assertThat(calls.get()).isEqualTo(2);
    assertThat(parked).isEmpty();
  }
}
