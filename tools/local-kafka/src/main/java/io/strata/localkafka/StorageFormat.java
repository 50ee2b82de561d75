package io.strata.localkafka;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;

/**
 * Formats a KRaft storage directory with Kafka's own {@code kafka-storage format}. The cluster id
 * goes as {@code --cluster-id=<id>}: an id is 22 base64url characters and may begin with '-', which
 * the tool's argument parser takes for an option when the id is a separate argument ("argument
 * --cluster-id/-t: expected one argument"); one fresh format in 64 failed that way while ids were
 * built from {@code java.util.UUID} bits. {@link Uuid#randomUuid()} never starts with '-' either.
 */
final class StorageFormat {

  private StorageFormat() {}

  static String newClusterId() {
    return Uuid.randomUuid().toString();
  }

  /** Formats with the broker's config file; throws with the tool's own output on failure. */
  static void format(String clusterId, Path config, Path dataDir) {
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    int exit;
    try (PrintStream printer = new PrintStream(output, true, StandardCharsets.UTF_8)) {
      exit =
          StorageTool.execute(
              new String[] {"format", "--cluster-id=" + clusterId, "-c", config.toString()},
              printer);
    }
    if (exit != 0) {
      throw new IllegalStateException(
          "formatting " + dataDir + " failed: " + output.toString(StandardCharsets.UTF_8));
    }
  }
}
