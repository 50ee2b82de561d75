package io.strata.embeddedkafka;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Gives a @QuarkusTest a real Kafka cluster with Strata's topics:
 * {@code @WithTestResource(StrataKafkaResource.class)}. Init arg {@code brokers} (default 1) asks
 * for more brokers. It sets {@code kafka.bootstrap.servers} (SmallRye Kafka), {@code
 * quarkus.kafka-streams.bootstrap-servers} and a fresh {@code kafka-streams.state.dir} per start,
 * and injects the cluster into fields annotated {@link InjectTestKafka}.
 */
public class StrataKafkaResource implements QuarkusTestResourceLifecycleManager {

  /** Held so the JUL logger configuration is not garbage collected. */
  private static final List<Logger> QUIET_LOGGERS =
      List.of(
          Logger.getLogger("kafka"),
          Logger.getLogger("org.apache.kafka"),
          Logger.getLogger("state.change.logger"));

  private int brokers = 1;
  private TestKafka kafka;

  @Override
  public void init(Map<String, String> initArgs) {
    String requested = initArgs.get("brokers");
    if (requested != null) {
      brokers = Integer.parseInt(requested);
    }
  }

  @Override
  public Map<String, String> start() {
    // The broker logs hundreds of config lines before Quarkus has configured logging.
    QUIET_LOGGERS.forEach(logger -> logger.setLevel(Level.WARNING));
    kafka = KafkaProvider.configured().start(brokers);
    Map<String, String> config = new HashMap<>();
    config.put("kafka.bootstrap.servers", kafka.bootstrapServers());
    if (onClasspath("org.apache.kafka.streams.KafkaStreams")) {
      config.put("quarkus.kafka-streams.bootstrap-servers", kafka.bootstrapServers());
      config.put("kafka-streams.state.dir", freshStateDir().toString());
    }
    return config;
  }

  @Override
  public void inject(TestInjector testInjector) {
    testInjector.injectIntoFields(
        kafka, new TestInjector.AnnotatedAndMatchesType(InjectTestKafka.class, TestKafka.class));
  }

  @Override
  public void stop() {
    if (kafka != null) {
      kafka.close();
    }
  }

  private static boolean onClasspath(String className) {
    try {
      Class.forName(className, false, StrataKafkaResource.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  private static Path freshStateDir() {
    try {
      Path dir = Files.createTempDirectory("strata-kafka-streams-");
      // Kafka Streams empties it on close; the empty dir goes when the JVM exits.
      dir.toFile().deleteOnExit();
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a Kafka Streams state dir", e);
    }
  }
}
