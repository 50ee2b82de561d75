package io.strata.embeddedkafka;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import kafka.server.BrokerServer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A real Apache Kafka KRaft cluster inside the test JVM, on loopback with ephemeral ports. One
 * combined broker+controller node by default (about 4 s to start); N brokers and one controller for
 * fault tests.
 */
public final class EmbeddedKafkaCluster implements TestKafka {

  /**
   * The test kit's name for the brokers' client listener (its controllers listen on {@code
   * CONTROLLER}), for listener-prefixed settings such as {@code listener.name.external.*}.
   */
  public static final String BROKER_LISTENER = "EXTERNAL";

  private final KafkaClusterTestKit cluster;
  private final int brokers;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicBoolean brokersStopped = new AtomicBoolean();

  private EmbeddedKafkaCluster(KafkaClusterTestKit cluster, int brokers) {
    this.cluster = cluster;
    this.brokers = brokers;
  }

  /** Starts a cluster and waits until every broker is ready. */
  public static EmbeddedKafkaCluster start(int brokers) {
    return start(brokers, Map.of());
  }

  /**
   * Starts a cluster whose nodes also set {@code brokerProperties}, over the defaults: a secured
   * listener ({@code listener.security.protocol.map} mapping {@link #BROKER_LISTENER} to SASL_SSL,
   * its SSL and SASL settings), an authorizer, super users. The test kit keeps its listeners and
   * ports; it only fills the settings given here when they are absent.
   */
  public static EmbeddedKafkaCluster start(int brokers, Map<String, String> brokerProperties) {
    if (brokers < 1) {
      throw new IllegalArgumentException("brokers must be at least 1, was " + brokers);
    }
    KafkaClusterTestKit cluster = null;
    try {
      TestKitNodes nodes =
          new TestKitNodes.Builder()
              .setCombined(brokers == 1)
              .setNumBrokerNodes(brokers)
              .setNumControllerNodes(1)
              // Without this the kit formats an unstable, not-yet-released metadata version.
              .setBootstrapMetadataVersion(MetadataVersion.latestProduction())
              .build();
      KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes);
      BrokerDefaults.forBrokerCount(brokers).forEach(builder::setConfigProp);
      brokerProperties.forEach(builder::setConfigProp);
      cluster = builder.build();
      cluster.format();
      cluster.startup();
      cluster.waitForReadyBrokers();
      return new EmbeddedKafkaCluster(cluster, brokers);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeQuietly(cluster);
      throw new IllegalStateException("interrupted while starting the embedded Kafka cluster", e);
    } catch (Exception e) {
      closeQuietly(cluster);
      throw new IllegalStateException(
          "cannot start the embedded Kafka cluster: " + e.getMessage(), e);
    }
  }

  @Override
  public String bootstrapServers() {
    return cluster.bootstrapServers();
  }

  @Override
  public int brokerCount() {
    return brokersStopped.get() ? 0 : brokers;
  }

  /** Stops one broker of a multi-broker cluster (replicated topics keep serving). */
  public void stopBroker(int brokerId) {
    BrokerServer broker = cluster.brokers().get(brokerId);
    if (broker == null) {
      throw new IllegalArgumentException(
          "no broker " + brokerId + "; brokers are " + cluster.brokers().keySet());
    }
    broker.shutdown();
    broker.awaitShutdown();
  }

  @Override
  public void stopBrokers() {
    if (brokersStopped.compareAndSet(false, true)) {
      cluster.brokers().values().forEach(BrokerServer::shutdown);
      cluster.brokers().values().forEach(BrokerServer::awaitShutdown);
    }
  }

  /**
   * Starts the brokers stopped by {@link #stopBrokers()} again. The test kit pre-binds every
   * listener port, so they come back on the same addresses and clients reconnect on their own, as
   * they would after a broker restart in a real cluster.
   */
  @Override
  public void startBrokers() {
    if (brokersStopped.compareAndSet(true, false)) {
      cluster.brokers().values().forEach(BrokerServer::startup);
      try {
        cluster.waitForReadyBrokers();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while restarting the brokers", e);
      } catch (Exception e) {
        throw new IllegalStateException("the brokers did not come back: " + e.getMessage(), e);
      }
    }
  }

  @Override
  public void close() {
    // The test kit's close() is not idempotent (a second call throws RejectedExecutionException).
    if (closed.compareAndSet(false, true)) {
      closeQuietly(cluster);
    }
  }

  private static void closeQuietly(KafkaClusterTestKit cluster) {
    if (cluster == null) {
      return;
    }
    try {
      cluster.close();
    } catch (Exception e) {
      System.err.println("[embedded-kafka] error while closing the cluster: " + e);
    }
  }
}
