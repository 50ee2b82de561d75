package io.strata.embeddedkafka;

import io.strata.events.topic.TopicProvisioner;
import java.util.Locale;

/**
 * Which broker the tests get. The default, {@link #EMBEDDED}, needs nothing but the JVM; {@link
 * #TESTCONTAINERS} runs the apache/kafka image and needs a Docker engine. Chosen with the system
 * property or environment variable named by {@link #SWITCH} ({@code
 * -Dstrata.test.kafka=testcontainers} / {@code STRATA_TEST_KAFKA=testcontainers}).
 */
public enum KafkaProvider {
  EMBEDDED,
  TESTCONTAINERS;

  public static final String SWITCH = "strata.test.kafka";

  public static KafkaProvider configured() {
    String value = System.getProperty(SWITCH);
    if (value == null) {
      value = System.getenv("STRATA_TEST_KAFKA");
    }
    if (value == null || value.isBlank()) {
      return EMBEDDED;
    }
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          SWITCH + " must be 'embedded' or 'testcontainers', was '" + value + "'", e);
    }
  }

  /**
   * Starts a cluster of this kind with the given number of brokers and creates Strata's topics on
   * it.
   */
  public TestKafka start(int brokers) {
    TestKafka kafka =
        switch (this) {
          case EMBEDDED -> EmbeddedKafkaCluster.start(brokers);
          case TESTCONTAINERS -> ContainerKafka.start(brokers);
        };
    try {
      TopicProvisioner.createAll(kafka.bootstrapServers(), (short) Math.min(brokers, 3));
      return kafka;
    } catch (RuntimeException e) {
      kafka.close();
      throw e;
    }
  }
}
