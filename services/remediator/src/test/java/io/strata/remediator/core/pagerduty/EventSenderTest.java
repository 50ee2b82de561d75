package io.strata.remediator.core.pagerduty;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.incident.IncidentState;
import io.strata.loglinks.LogLinks;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Retries, backoff and the dead letter, against a scripted transport and a recorded pause. */
class EventSenderTest {

  private static final PagerDutyEvent TRIGGER =
      new PagerDutyEvents(PagerFixtures.KEY, Optional.empty(), LogLinks.none())
          .of(PagerFixtures.xid79(IncidentState.OPEN, 1), EventAction.TRIGGER);

  record Parked(PagerDutyEvent event, Delivery last, int attempts) {}

  private final Deque<Delivery> script = new ArrayDeque<>();
  private final List<String> bodies = new ArrayList<>();
  private final List<Duration> waits = new ArrayList<>();
  private final List<Parked> parked = new ArrayList<>();
  private boolean interrupted;

  private EventSender sender(int attempts, Duration backoff) {
    return new EventSender(
        attempts,
        backoff,
        body -> {
          bodies.add(body);
          return script.isEmpty() ? Delivery.classify(202, "") : script.removeFirst();
        },
        wait -> {
          waits.add(wait);
          return !interrupted;
        },
        (event, last, made) -> parked.add(new Parked(event, last, made)));
  }

  @Test
  void aThrottledThenFailingEventIsRetriedWithADoublingWaitUntilDelivered() {
    script.add(Delivery.classify(429, ""));
    script.add(Delivery.classify(503, ""));
    script.add(Delivery.classify(202, "{\"status\":\"success\"}"));

    EventSender.Sent sent = sender(6, Duration.ofSeconds(2)).send(TRIGGER);

    assertThat(sent.last().delivered()).isTrue();
    assertThat(sent.attempts()).isEqualTo(3);
    assertThat(waits).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(4));
    assertThat(bodies).hasSize(3).allMatch(b -> b.equals(bodies.get(0)));
    assertThat(bodies.get(0))
        .contains("\"routing_key\":\"" + PagerFixtures.KEY + "\"")
        .contains("\"event_action\":\"trigger\"");
    assertThat(parked).isEmpty();
  }

  @Test
  void anEventStillFailingAfterTheBudgetIsDeadLetteredOnce() {
    for (int i = 0; i < 10; i++) {
      script.add(Delivery.classify(500, "down"));
    }

    EventSender.Sent sent = sender(4, Duration.ofSeconds(1)).send(TRIGGER);

    assertThat(sent.attempts()).isEqualTo(4);
    assertThat(waits)
        .containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
    assertThat(parked).singleElement().isEqualTo(new Parked(TRIGGER, sent.last(), 4));
    assertThat(sent.last().reason()).isEqualTo(DeliveryReason.SERVER_ERROR);
  }

  @Test
  void anInvalidEventIsDeadLetteredAtOnceWithoutRetrying() {
    script.add(Delivery.classify(400, "{\"status\":\"invalid event\",\"message\":\"bad\"}"));

    EventSender.Sent sent = sender(6, Duration.ofSeconds(2)).send(TRIGGER);

    assertThat(sent.attempts()).isEqualTo(1);
    assertThat(waits).isEmpty();
    assertThat(parked).singleElement().satisfies(p -> assertThat(p.attempts()).isEqualTo(1));
    assertThat(parked.get(0).last().reason()).isEqualTo(DeliveryReason.INVALID_EVENT);
    assertThat(parked.get(0).last().detail()).isEqualTo("bad");
  }

  @Test
  void anInterruptedWaitEndsTheRetriesAndDeadLettersWhatWasNotDelivered() {
    script.add(Delivery.unreachable("ConnectException"));
    interrupted = true;

    EventSender.Sent sent = sender(6, Duration.ofSeconds(2)).send(TRIGGER);

    assertThat(sent.attempts()).isEqualTo(1);
    assertThat(parked).singleElement().satisfies(p -> assertThat(p.attempts()).isEqualTo(1));
  }

  @Test
  void theWaitNeverGrowsPastFiveMinutes() {
    for (int i = 0; i < 10; i++) {
      script.add(Delivery.classify(429, ""));
    }

    sender(4, Duration.ofMinutes(2)).send(TRIGGER);

    assertThat(waits)
        .containsExactly(Duration.ofMinutes(2), Duration.ofMinutes(4), Duration.ofMinutes(5));
  }
}
