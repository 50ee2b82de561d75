package io.strata.correlator.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KafkaStreams.State;

/**
 * Quarkus' Kafka Streams registers this bean as the one {@link KafkaStreams.StateListener} of the
 * correlator's KafkaStreams (its producer takes any such bean), so every transition is seen, not
 * only the state at the moment of a probe.
 */
@ApplicationScoped
public class StreamsStateTracker implements KafkaStreams.StateListener {

  private final Clock clock = Clock.systemUTC();
  private final StreamsProgress progress = new StreamsProgress(clock.instant());

  @Override
  public void onChange(State newState, State oldState) {
    progress.moved(newState, clock.instant());
  }

  StreamsProgress.Snapshot snapshot() {
    return progress.snapshot();
  }
}
