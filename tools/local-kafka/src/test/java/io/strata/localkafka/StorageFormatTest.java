package io.strata.localkafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka's own storage tool formats the directory, whatever character the cluster id begins with.
 */
class StorageFormatTest {

  @TempDir Path dataDir;

  @Test
  void aClusterIdBeginningWithADashFormatsLikeAnyOther() throws IOException {
    // 0xF8... in the high bits encodes as base64url '-' first: the 1-in-64 id that used to fail.
    String clusterId = new Uuid(0xF800_0000_0000_0001L, 42L).toString();
    assertThat(clusterId).startsWith("-");

    StorageFormat.format(clusterId, config(), dataDir);

    Properties meta = new Properties();
    try (var in = Files.newInputStream(dataDir.resolve("logs").resolve("meta.properties"))) {
      meta.load(in);
    }
    assertThat(meta.getProperty("cluster.id")).isEqualTo(clusterId);
  }

  @Test
  void newClusterIdsAreKafkaUuidsThatNeverBeginWithADash() {
    for (int i = 0; i < 2_000; i++) {
      String id = StorageFormat.newClusterId();
      assertThat(id).hasSize(22).doesNotStartWith("-");
      assertThat(Uuid.fromString(id).toString()).isEqualTo(id);
    }
  }

  private Path config() throws IOException {
    LocalKafkaOptions options =
        LocalKafkaOptions.parse("--data-dir", dataDir.toString(), "--port", "19092");
    Path config = dataDir.resolve("server.properties");
    try (OutputStream out = Files.newOutputStream(config)) {
      BrokerProperties.of(options).store(out, null);
    }
    return config;
  }
}
