package io.strata.localkafka;

import io.strata.events.topic.TopicProvisioner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;

/**
 * A real single-node Apache Kafka broker (KRaft, combined mode) as a foreground process, for the
 * local run. It formats its storage on first start, serves on loopback, creates Strata's topics
 * from the descriptors, writes a ready file, and shuts down cleanly on SIGTERM. {@code bin/strata
 * kafka start} runs it in the background.
 */
public final class LocalKafka {

  private LocalKafka() {}

  public static void main(String[] args) throws IOException {
    LocalKafkaOptions options;
    try {
      options = LocalKafkaOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("local-kafka: " + e.getMessage());
      System.exit(2);
      return;
    }
    Files.createDirectories(options.dataDir());
    Files.deleteIfExists(options.readyFile());
    Path config = writeConfig(options);
    formatOnce(options, config);

    KafkaRaftServer server =
        new KafkaRaftServer(
            KafkaConfig.fromProps(BrokerProperties.of(options), false), Time.SYSTEM);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  System.out.println("local-kafka: shutting down");
                  server.shutdown();
                  server.awaitShutdown();
                  System.out.println("local-kafka: stopped");
                },
                "local-kafka-shutdown"));
    server.startup();

    List<String> created;
    try {
      created = TopicProvisioner.createAll(options.bootstrapServers(), (short) 1);
    } catch (RuntimeException e) {
      // The broker's threads would keep this JVM up without a ready file; say why and stop.
      System.err.println("local-kafka: cannot create Strata's topics: " + e.getMessage());
      System.exit(3);
      return;
    }
    System.out.println(
        "local-kafka: topics created now: " + (created.isEmpty() ? "none (all existed)" : created));
    Path tmp = options.readyFile().resolveSibling(options.readyFile().getFileName() + ".tmp");
    Files.writeString(
        tmp, options.bootstrapServers() + System.lineSeparator(), StandardCharsets.UTF_8);
    Files.move(tmp, options.readyFile(), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    System.out.println("local-kafka: ready on " + options.bootstrapServers());
    server.awaitShutdown();
  }

  private static Path writeConfig(LocalKafkaOptions options) throws IOException {
    Path config = options.dataDir().resolve("server.properties");
    Properties props = BrokerProperties.of(options);
    try (OutputStream out = Files.newOutputStream(config)) {
      props.store(out, "written by strata local-kafka; edits are overwritten on start");
    }
    return config;
  }

  /** Formats the storage directory once; later starts reuse it (and its topics and data). */
  private static void formatOnce(LocalKafkaOptions options, Path config) {
    Path marker = options.dataDir().resolve("logs").resolve("meta.properties");
    if (Files.exists(marker)) {
      return;
    }
    String clusterId = StorageFormat.newClusterId();
    StorageFormat.format(clusterId, config, options.dataDir());
    System.out.println("local-kafka: formatted " + options.dataDir() + " as cluster " + clusterId);
  }
}
