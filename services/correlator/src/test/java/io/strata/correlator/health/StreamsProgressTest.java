package io.strata.correlator.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;

class StreamsProgressTest {

  private static final Instant T0 = Instant.parse("2026-12-06T01:00:00Z");

  @Test
  void notReadyBeforeTheFirstRunning() {
    StreamsProgress progress = new StreamsProgress(T0);
    assertThat(progress.snapshot())
        .isEqualTo(new StreamsProgress.Snapshot(State.CREATED, T0, false, false));

    progress.moved(State.REBALANCING, T0.plusSeconds(1));

    assertThat(progress.snapshot())
        .isEqualTo(
            new StreamsProgress.Snapshot(State.REBALANCING, T0.plusSeconds(1), false, false));
  }

  @Test
  void readyWhenRunningAndThroughALaterRebalance() {
    StreamsProgress progress = new StreamsProgress(T0);
    progress.moved(State.REBALANCING, T0.plusSeconds(1));
    progress.moved(State.RUNNING, T0.plusSeconds(3));
    assertThat(progress.snapshot().ready()).isTrue();

    progress.moved(State.REBALANCING, T0.plusSeconds(60));

    assertThat(progress.snapshot())
        .isEqualTo(new StreamsProgress.Snapshot(State.REBALANCING, T0.plusSeconds(60), true, true));
  }

  @Test
  void notReadyOnceErroredOrStopping() {
    for (State end :
        new State[] {State.PENDING_ERROR, State.ERROR, State.PENDING_SHUTDOWN, State.NOT_RUNNING}) {
      StreamsProgress progress = new StreamsProgress(T0);
      progress.moved(State.RUNNING, T0.plusSeconds(1));

      progress.moved(end, T0.plusSeconds(2));

      assertThat(progress.snapshot())
          .as("after %s", end)
          .isEqualTo(new StreamsProgress.Snapshot(end, T0.plusSeconds(2), true, false));
    }
  }
}
