package io.strata.localkafka;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command-line options of the local broker. Every option has a default so {@code bin/strata kafka
 * start} needs none.
 *
 * @param dataDir where the broker keeps its log and metadata (formatted on first start)
 * @param readyFile written with the bootstrap address once the broker serves and the topics exist
 */
public record LocalKafkaOptions(
    Path dataDir, String host, int port, int controllerPort, Path readyFile) {

  public static final String USAGE =
      "usage: LocalKafka [--data-dir DIR] [--host HOST] [--port PORT] [--controller-port PORT] [--ready-file FILE]";

  public LocalKafkaOptions {
    requirePort("--port", port);
    requirePort("--controller-port", controllerPort);
    if (port == controllerPort) {
      throw new IllegalArgumentException(
          "--port and --controller-port must differ, both are " + port);
    }
  }

  public String bootstrapServers() {
    return host + ":" + port;
  }

  public static LocalKafkaOptions parse(String... args) {
    Path dataDir = Path.of(".strata", "kafka");
    String host = "127.0.0.1";
    int port = 9092;
    int controllerPort = 9093;
    Path readyFile = null;
    List<String> rest = new ArrayList<>(List.of(args));
    while (!rest.isEmpty()) {
      String option = rest.remove(0);
      if (rest.isEmpty()) {
        throw new IllegalArgumentException(option + " needs a value; " + USAGE);
      }
      String value = rest.remove(0);
      switch (option) {
        case "--data-dir" -> dataDir = Path.of(value);
        case "--host" -> host = value;
        case "--port" -> port = parsePort(option, value);
        case "--controller-port" -> controllerPort = parsePort(option, value);
        case "--ready-file" -> readyFile = Path.of(value);
        default -> throw new IllegalArgumentException("unknown option " + option + "; " + USAGE);
      }
    }
    return new LocalKafkaOptions(
        dataDir,
        host,
        port,
        controllerPort,
        readyFile == null ? dataDir.resolve("ready") : readyFile);
  }

  private static int parsePort(String option, String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " must be a port number, was '" + value + "'", e);
    }
  }

  private static void requirePort(String option, int port) {
    if (port < 1 || port > 65_535) {
      throw new IllegalArgumentException(option + " must be within 1..65535, was " + port);
    }
  }
}
