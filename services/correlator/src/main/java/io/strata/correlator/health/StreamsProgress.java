package io.strata.correlator.health;

import java.time.Instant;
import org.apache.kafka.streams.KafkaStreams.State;

/**
 * What the correlator's Kafka Streams has been through, for readiness: the correlator can answer
 * its REST queries and keep up with its inputs only once its stream threads run.
 *
 * <p>Ready means it has reached {@code RUNNING} at least once and is {@code RUNNING} or {@code
 * REBALANCING} now. Before the first {@code RUNNING} (created, first assignment, first restore of
 * the stores) it is not: a Service would send queries to an instance whose stores are not open yet.
 * A later rebalance keeps it ready, so that adding an instance does not take every instance out of
 * its Service at once; {@code PENDING_ERROR}, {@code ERROR}, {@code PENDING_SHUTDOWN} and {@code
 * NOT_RUNNING} are not ready (liveness, Quarkus' own check, then restarts the pod).
 */
public final class StreamsProgress {

  private State state = State.CREATED;
  private Instant since;
  private boolean ranOnce;

  public StreamsProgress(Instant createdAt) {
    this.since = createdAt;
  }

  /** Kafka Streams moved to {@code next} at {@code at}. */
  public synchronized void moved(State next, Instant at) {
    state = next;
    since = at;
    if (next == State.RUNNING) {
      ranOnce = true;
    }
  }

  public synchronized Snapshot snapshot() {
    boolean live = state == State.RUNNING || state == State.REBALANCING;
    return new Snapshot(state, since, ranOnce, ranOnce && live);
  }

  /**
   * @param state the current state
   * @param since when it was entered
   * @param ranOnce whether it has been {@code RUNNING} since the process started
   * @param ready what readiness answers
   */
  public record Snapshot(State state, Instant since, boolean ranOnce, boolean ready) {}
}
