package io.strata.traceingest.kafka;

/**
 * Why a readable export request is refused for now; the client should retry after the advertised
 * delay. OTLP/HTTP answers 429 or 503 with Retry-After, OTLP/gRPC answers UNAVAILABLE with
 * RetryInfo.
 */
public enum Refusal {
  UNSPECIFIED(503),
  /** The receiver already holds as much in-flight work as it is allowed to. */
  OVERLOADED(429),
  /** Kafka did not acknowledge (or refused) the summaries: it is down or not keeping up. */
  KAFKA_UNAVAILABLE(503);

  private final int httpStatus;

  Refusal(int httpStatus) {
    this.httpStatus = httpStatus;
  }

  public int httpStatus() {
    return httpStatus;
  }
}
