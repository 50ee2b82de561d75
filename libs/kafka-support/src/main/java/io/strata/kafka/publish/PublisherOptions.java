package io.strata.kafka.publish;

import java.time.Duration;

/**
 * How a {@link BoundedPublisher} buffers and retries.
 *
 * @param normal the policy of the normal lane
 * @param neverEvictCapacity the most records the never-evict lane holds (0: the lane is off)
 * @param maxUnacknowledged the most records of one lane handed to the producer and not yet
 *     acknowledged (each lane has this share of its own), so that while Kafka is away records wait
 *     in the bounded buffer, where the policy applies, and not in the producer's own memory
 * @param retryBackoff the pause before a never-evict record is re-sent after a failure
 * @param threadName the sending thread's name (shows in thread dumps)
 */
public record PublisherOptions(
    BufferPolicy normal,
    int neverEvictCapacity,
    int maxUnacknowledged,
    Duration retryBackoff,
    String threadName) {

  public PublisherOptions {
    if (neverEvictCapacity < 0 || maxUnacknowledged < 1) {
      throw new IllegalArgumentException(
          "neverEvictCapacity must be >= 0 and maxUnacknowledged >= 1, were "
              + neverEvictCapacity
              + " and "
              + maxUnacknowledged);
    }
  }

  /** One normal lane, no never-evict lane, the producer's in-flight limit generous. */
  public static PublisherOptions normalLaneOnly(BufferPolicy normal, String threadName) {
    return new PublisherOptions(normal, 0, 10_000, Duration.ofMillis(500), threadName);
  }

  public PublisherOptions withNeverEvictLane(int capacity, Duration backoff) {
    return new PublisherOptions(normal, capacity, maxUnacknowledged, backoff, threadName);
  }

  public PublisherOptions withMaxUnacknowledged(int max) {
    return new PublisherOptions(normal, neverEvictCapacity, max, retryBackoff, threadName);
  }
}
