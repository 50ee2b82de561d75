package io.strata.embeddedkafka;

/**
 * A real Kafka cluster for tests: the in-JVM KRaft broker by default, or a Testcontainers broker
 * where Docker exists (see {@link KafkaProvider}).
 */
public interface TestKafka extends AutoCloseable {

  /** Comma-separated host:port list for clients. */
  String bootstrapServers();

  /** How many brokers are running. */
  int brokerCount();

  /**
   * Stops every broker, so clients see Kafka as unavailable (for tests of back-pressure and
   * buffering). {@link #startBrokers()} brings them back.
   */
  void stopBrokers();

  /**
   * Starts the brokers stopped by {@link #stopBrokers()} again on the same addresses, with their
   * data, so tests can prove that clients resume on their own when Kafka returns.
   */
  void startBrokers();

  /** Stops the cluster and deletes its data. Safe to call more than once. */
  @Override
  void close();
}
