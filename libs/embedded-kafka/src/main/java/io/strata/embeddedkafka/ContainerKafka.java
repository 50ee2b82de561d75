package io.strata.embeddedkafka;

import java.util.concurrent.atomic.AtomicBoolean;
import org.testcontainers.kafka.KafkaContainer;

/**
 * A single-node broker in the apache/kafka container image, for machines with Docker.
 * Testcontainers is an optional dependency of this library: a module that selects this provider
 * adds {@code org.testcontainers:testcontainers-kafka} to its test classpath.
 */
final class ContainerKafka implements TestKafka {

  static final String IMAGE = "apache/kafka:4.1.2";

  private final KafkaContainer container;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicBoolean paused = new AtomicBoolean();

  private ContainerKafka(KafkaContainer container) {
    this.container = container;
  }

  static ContainerKafka start(int brokers) {
    if (brokers != 1) {
      throw new IllegalArgumentException(
          "the Testcontainers provider runs one broker; multi-broker fault tests need the embedded provider");
    }
    try {
      Class.forName("org.testcontainers.kafka.KafkaContainer");
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          KafkaProvider.SWITCH
              + "=testcontainers needs org.testcontainers:testcontainers-kafka on the test classpath",
          e);
    }
    KafkaContainer container = new KafkaContainer(IMAGE);
    container.start();
    return new ContainerKafka(container);
  }

  @Override
  public String bootstrapServers() {
    return container.getBootstrapServers();
  }

  @Override
  public int brokerCount() {
    return container.isRunning() && !paused.get() ? 1 : 0;
  }

  /** Pauses the container: a stopped container would come back on a different mapped port. */
  @Override
  public void stopBrokers() {
    if (paused.compareAndSet(false, true)) {
      container.getDockerClient().pauseContainerCmd(container.getContainerId()).exec();
    }
  }

  @Override
  public void startBrokers() {
    if (paused.compareAndSet(true, false)) {
      container.getDockerClient().unpauseContainerCmd(container.getContainerId()).exec();
    }
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      container.stop();
    }
  }
}
