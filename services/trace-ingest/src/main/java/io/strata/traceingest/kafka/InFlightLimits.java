package io.strata.traceingest.kafka;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the work held in memory: export requests being handled and spans handed to Kafka but not
 * yet acknowledged. Nothing queues behind a full limit; the caller refuses instead.
 */
public final class InFlightLimits {

  private final int maxRequests;
  private final int maxSpans;
  private final AtomicInteger requests = new AtomicInteger();
  private final AtomicInteger spans = new AtomicInteger();

  public InFlightLimits(int maxRequests, int maxSpans) {
    this.maxRequests = maxRequests;
    this.maxSpans = maxSpans;
  }

  public boolean tryAcquireRequest() {
    while (true) {
      int current = requests.get();
      if (current >= maxRequests) {
        return false;
      }
      if (requests.compareAndSet(current, current + 1)) {
        return true;
      }
    }
  }

  public void releaseRequest() {
    requests.decrementAndGet();
  }

  /**
   * Reserves room for {@code count} spans. A request larger than the whole limit still passes when
   * nothing else is in flight, so it is not refused forever; the body limit bounds it.
   */
  public boolean tryAcquireSpans(int count) {
    while (true) {
      int current = spans.get();
      if (current > 0 && current + count > maxSpans) {
        return false;
      }
      if (spans.compareAndSet(current, current + count)) {
        return true;
      }
    }
  }

  public void releaseSpans(int count) {
    spans.addAndGet(-count);
  }

  public int requestsInFlight() {
    return requests.get();
  }

  public int spansInFlight() {
    return spans.get();
  }
}
