package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.correlator.streams.speed.RefreshPolicy;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A write-behind store with a refresh policy (ADR 042): here a value whose first letter is
 * unchanged is a refresh. The driver commits after every input record; the policy's clock is the
 * test's.
 */
class WriteBehindRefreshTopologyTest {

  private static final long SECOND = 1_000_000_000L;

  private final AtomicLong nanos = new AtomicLong(1_000 * SECOND);
  private TopologyTestDriver driver;
  private TestInputTopic<String, String> commands;
  private TestOutputTopic<String, String> changelog;

  @BeforeEach
  void start() throws Exception {
    driver =
        WriteBehindStoreTopologyTest.commandsDriver(
            new RefreshPolicy<String>(
                (current, next) -> current.charAt(0) == next.charAt(0),
                Duration.ofSeconds(30),
                nanos::get));
    commands = driver.createInputTopic("commands", new StringSerializer(), new StringSerializer());
    changelog =
        driver.createOutputTopic(
            WriteBehindStoreTopologyTest.CHANGELOG,
            new StringDeserializer(),
            new StringDeserializer());
  }

  @AfterEach
  void stop() {
    driver.close();
  }

  @Test
  void aRefreshIsReadBackButWrittenOnlyWithTheKeysNextChangeThatMatters() {
    commands.pipeInput("k", "put a A1");
    commands.pipeInput("k", "put a A2");
    commands.pipeInput("k", "put a A3");

    assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("a", "A1"));
    assertThat(value("a")).isEqualTo("A3");

    commands.pipeInput("k", "put a B1");
    assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("a", "B1"));
  }

  @Test
  void aNewKeyIsNeverDeferred() {
    commands.pipeInput("k", "put a A1,put b A1");

    assertThat(changelog.readKeyValuesToList())
        .containsExactly(KeyValue.pair("a", "A1"), KeyValue.pair("b", "A1"));
  }

  @Test
  void refreshesAreWrittenOnceTheMaxDeferralHasPassed() {
    commands.pipeInput("k", "put a A1,put b A1");
    changelog.readKeyValuesToList();
    nanos.addAndGet(1 * SECOND);
    commands.pipeInput("k", "put a A2,put b A2");

    nanos.addAndGet(28 * SECOND);
    commands.pipeInput("k", "put a A3");
    assertThat(changelog.readKeyValuesToList()).as("29 s after the last write-down").isEmpty();

    nanos.addAndGet(1 * SECOND);
    commands.pipeInput("k", "put b A3");
    assertThat(changelog.readKeyValuesToList())
        .as("30 s after: every deferred value, at the commit")
        .containsExactlyInAnyOrder(KeyValue.pair("a", "A3"), KeyValue.pair("b", "A3"));
  }

  @Test
  void aScanWritesTheDeferredValuesFirst() {
    commands.pipeInput("k", "put a A1");
    changelog.readKeyValuesToList();

    commands.pipeInput("k", "put a A2,scan");

    assertThat(changelog.readKeyValuesToList()).containsExactly(KeyValue.pair("a", "A2"));
  }

  @Test
  void aDeferredKeyDeletedLeavesATombstoneAndNoValue() {
    commands.pipeInput("k", "put a A1");
    commands.pipeInput("k", "put a A2");
    commands.pipeInput("k", "delete a");

    assertThat(changelog.readKeyValuesToList())
        .containsExactly(KeyValue.pair("a", "A1"), KeyValue.pair("a", null));
    assertThat(value("a")).isNull();
  }

  private String value(String key) {
    return driver.<String, String>getKeyValueStore(WriteBehindStoreTopologyTest.STORE).get(key);
  }
}
