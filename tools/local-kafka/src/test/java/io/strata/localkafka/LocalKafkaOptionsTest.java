package io.strata.localkafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LocalKafkaOptionsTest {

  @Test
  void defaultsToLoopback9092WithDataUnderDotStrata() {
    LocalKafkaOptions options = LocalKafkaOptions.parse();
    assertThat(options.bootstrapServers()).isEqualTo("127.0.0.1:9092");
    assertThat(options.controllerPort()).isEqualTo(9093);
    assertThat(options.dataDir()).isEqualTo(Path.of(".strata", "kafka"));
    assertThat(options.readyFile()).isEqualTo(Path.of(".strata", "kafka", "ready"));
  }

  @Test
  void readsEveryOption() {
    LocalKafkaOptions options =
        LocalKafkaOptions.parse(
            "--data-dir",
            "/tmp/k",
            "--host",
            "localhost",
            "--port",
            "19092",
            "--controller-port",
            "19093",
            "--ready-file",
            "/tmp/k.ready");
    assertThat(options.bootstrapServers()).isEqualTo("localhost:19092");
    assertThat(options.controllerPort()).isEqualTo(19093);
    assertThat(options.dataDir()).isEqualTo(Path.of("/tmp/k"));
    assertThat(options.readyFile()).isEqualTo(Path.of("/tmp/k.ready"));
  }

  @Test
  void rejectsBadValuesNamingTheOption() {
    assertThatThrownBy(() -> LocalKafkaOptions.parse("--port", "ninety"))
        .hasMessageContaining("--port must be a port number");
    assertThatThrownBy(() -> LocalKafkaOptions.parse("--port", "70000"))
        .hasMessageContaining("--port must be within 1..65535");
    assertThatThrownBy(() -> LocalKafkaOptions.parse("--port", "9093"))
        .hasMessageContaining("must differ");
    assertThatThrownBy(() -> LocalKafkaOptions.parse("--verbose", "yes"))
        .hasMessageContaining("unknown option --verbose");
    assertThatThrownBy(() -> LocalKafkaOptions.parse("--port"))
        .hasMessageContaining("needs a value");
  }

  @Test
  void brokerListensOnTheConfiguredLoopbackPortsOnly() {
    var props =
        BrokerProperties.of(
            LocalKafkaOptions.parse("--port", "19092", "--controller-port", "19093"));
    assertThat(props.getProperty("listeners"))
        .isEqualTo("PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093");
    assertThat(props.getProperty("controller.quorum.voters")).isEqualTo("1@127.0.0.1:19093");
    assertThat(props.getProperty("auto.create.topics.enable")).isEqualTo("false");
  }
}
