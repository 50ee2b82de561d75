package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.events.deadletter.DeadLetter;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.deadletter.DeadLetterReason;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A guarded step (ADR 025): what it forwards goes on unchanged, a record it throws on becomes one
 * dead letter on the task's own output, and Kafka Streams' own failures are not swallowed.
 */
class GuardedProcessorTopologyTest {

  private TopologyTestDriver driver;
  private TestInputTopic<String, String> in;
  private TestOutputTopic<String, String> out;
  private TestOutputTopic<byte[], byte[]> deadLetters;
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** Upper-cases its input; "boom" is a poison record, "fenced" a Kafka Streams failure. */
  private static final class Shout implements Processor<String, String, String, String> {
    private ProcessorContext<String, String> context;

    @Override
    public void init(ProcessorContext<String, String> context) {
      this.context = context;
    }

    @Override
    public void process(Record<String, String> record) {
      switch (record.value()) {
        case "boom" -> throw new IllegalStateException("cannot shout boom");
        case "fenced" -> throw new StreamsException("task migrated");
        default -> context.forward(record.withValue(record.value().toUpperCase()));
      }
    }
  }

  private void start() {
    StreamsBuilder builder = new StreamsBuilder();
    CorrelatorTopology.guarded(
            builder.stream("words", Consumed.with(Serdes.String(), Serdes.String())),
            Shout::new,
            "shout",
            Serdes.String(),
            new CorrelatorMetrics(registry))
        .to("shouts", Produced.with(Serdes.String(), Serdes.String()));
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "guard-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    driver = new TopologyTestDriver(builder.build(), props, Instant.parse("2026-12-01T10:00:00Z"));
    in = driver.createInputTopic("words", new StringSerializer(), new StringSerializer());
    out = driver.createOutputTopic("shouts", new StringDeserializer(), new StringDeserializer());
    deadLetters =
        driver.createOutputTopic(
            Topics.DEADLETTER.name(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  @AfterEach
  void stop() {
    driver.close();
  }

  @Test
  void aRecordTheStepThrowsOnIsParkedOnceAndTheNextOneGoesOn() {
    start();
    in.pipeInput("k1", "hello");
    in.pipeInput("k2", "boom");
    in.pipeInput("k3", "world");

    assertThat(out.readKeyValuesToList())
        .extracting(kv -> kv.key + "=" + kv.value)
        .containsExactly("k1=HELLO", "k3=WORLD");
    List<TestRecord<byte[], byte[]>> parked = deadLetters.readRecordsToList();
    assertThat(parked).hasSize(1);
    assertThat(new String(parked.get(0).key(), StandardCharsets.UTF_8)).isEqualTo("k2");
    assertThat(new String(parked.get(0).value(), StandardCharsets.UTF_8)).isEqualTo("boom");
    DeadLetter letter = DeadLetterHeaders.read(parked.get(0).headers()).orElseThrow();
    assertThat(letter.reason()).isEqualTo(DeadLetterReason.PROCESSING_FAILED);
    assertThat(letter.originTopic()).isEqualTo("words");
    assertThat(letter.originPartition()).isEqualTo(0);
    assertThat(letter.originOffset()).isEqualTo(1);
    assertThat(letter.service()).isEqualTo("correlator");
    assertThat(letter.detail()).isEqualTo("in shout: IllegalStateException: cannot shout boom");
    assertThat(
            registry
                .counter("strata.correlator.dead.letters", "reason", "PROCESSING_FAILED")
                .count())
        .isEqualTo(1.0);
  }

  @Test
  void kafkaStreamsOwnFailuresAreNotParked() {
    start();
    assertThatThrownBy(() -> in.pipeInput("k1", "fenced"))
        .isInstanceOf(StreamsException.class)
        .hasRootCauseMessage("task migrated");
    assertThat(deadLetters.isEmpty()).isTrue();
  }
}
