package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.streams.speed.RefreshPolicy;
import io.strata.correlator.streams.speed.WriteBehindStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a {@link WriteBehindStore} writes to its changelog. The test driver commits after every
 * input record, so each record below is one commit: within it a key may change many times and
 * reaches the changelog once, with its last value.
 */
class WriteBehindStoreTopologyTest {

  static final String STORE = "wb";
  static final String CHANGELOG = "app-" + STORE + "-changelog";

  private TopologyTestDriver driver;
  private TestInputTopic<String, String> commands;
  private TestOutputTopic<String, String> changelog;

  /** "put a 1,put a 2" etc: the operations of one record, in order. */
  static final class Commands implements Processor<String, String, Void, Void> {
    private KeyValueStore<String, String> store;

    @Override
    public void init(ProcessorContext<Void, Void> context) {
      store = context.getStateStore(STORE);
    }

    @Override
    public void process(Record<String, String> record) {
      for (String command : record.value().split(",")) {
        String[] parts = command.split(" ");
        switch (parts[0]) {
          case "put" -> store.put(parts[1], parts[2]);
          case "append" -> store.put(parts[1], store.get(parts[1]) + parts[2]);
          case "delete" -> store.delete(parts[1]);
          case "scan" -> store.all().close();
          default -> throw new IllegalArgumentException(command);
        }
      }
    }
  }

  @BeforeEach
  void start() throws Exception {
    driver = commandsDriver(RefreshPolicy.never());
    commands = driver.createInputTopic("commands", new StringSerializer(), new StringSerializer());
    changelog =
        driver.createOutputTopic(CHANGELOG, new StringDeserializer(), new StringDeserializer());
  }

  /**
   * A driver whose "commands" topic runs {@link Commands} on a write-behind store {@link #STORE}.
   */
  static TopologyTestDriver commandsDriver(RefreshPolicy<String> refresh) throws Exception {
    Path stateDir = Files.createTempDirectory("write-behind-ttd-");
    // The driver's close empties it; the empty dir goes when the JVM exits, not left in /tmp.
    stateDir.toFile().deleteOnExit();
    StreamsBuilder builder = new StreamsBuilder();
    builder.addStateStore(
        CorrelatorStores.writeBehind(
            CorrelatorStores.store(Materialized.StoreType.IN_MEMORY, STORE, Serdes.String()),
            100,
            refresh));
    builder.stream("commands", Consumed.with(Serdes.String(), Serdes.String()))
        .process(Commands::new, STORE);
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "app");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    return new TopologyTestDriver(builder.build(), props);
  }

  @AfterEach
  void stop() {
    driver.close();
  }

  @Test
  void manyWritesToOneKeyInOneCommitReachTheChangelogOnceWithTheLastValue() {
    commands.pipeInput("k", "put a 1,append a 2,append a 3,put b x");

    assertThat(changelog.readKeyValuesToList())
        .containsExactlyInAnyOrder(KeyValue.pair("a", "123"), KeyValue.pair("b", "x"));
    assertThat(driver.<String, String>getKeyValueStore(STORE).get("a")).isEqualTo("123");
  }

  @Test
  void aKeyCreatedAndDeletedInOneCommitWritesNothing() {
    commands.pipeInput("k", "put a 1,append a 2,delete a");

    assertThat(changelog.readKeyValuesToList()).isEmpty();
    assertThat(driver.<String, String>getKeyValueStore(STORE).get("a")).isNull();
  }

  @Test
  void aKeyDeletedInALaterCommitLeavesATombstone() {
    commands.pipeInput("k", "put a 1");
    commands.pipeInput("k", "append a 2,delete a");

    assertThat(changelog.readKeyValuesToList())
        .containsExactly(KeyValue.pair("a", "1"), KeyValue.pair("a", null));
  }

  @Test
  void aScanSeesWritesNotYetCommittedAndTheCommitWritesTheLaterValue() {
    // The scan writes "1" down (no record cache below a write-behind store), the commit "12".
    commands.pipeInput("k", "put a 1,scan,append a 2");

    assertThat(changelog.readKeyValuesToList())
        .containsExactly(KeyValue.pair("a", "1"), KeyValue.pair("a", "12"));
    List<KeyValue<String, String>> all = new java.util.ArrayList<>();
    driver.<String, String>getKeyValueStore(STORE).all().forEachRemaining(all::add);
    assertThat(all).containsExactly(KeyValue.pair("a", "12"));
  }
}
