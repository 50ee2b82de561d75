package io.strata.correlator.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.events.deadletter.DeadLetterHeaders;
import io.strata.events.device.HealthStatus;
import io.strata.events.k8s.PodPhase;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzing every correlator input topic (issue 16): the real topology in a TopologyTestDriver gets
 * mutated JSON bytes (and random keys) on each of its eight input topics, from a fixed seed. The
 * driver never throws; a record its topic's serde cannot read is dead-lettered exactly once with
 * reason DESERIALIZATION_FAILED and its origin topic; a readable one is processed or dead-lettered
 * with a reason; an unmutated valid record is never dead-lettered.
 */
class CorrelatorInputFuzzTest {

  /** 1,500 per topic, 12,000 in all: the driver takes about 2 ms a record. */
  static final int RECORDS_PER_TOPIC = 1_500;

  private static final String[] VALUES = {
    "null",
    "0",
    "-1",
    "1e400",
    "\"\"",
    "\"x\"",
    "[]",
    "{}",
    "true",
    "\"NOT_AN_ENUM\"",
    "\"2026-13-45T99:99:99Z\"",
    "9223372036854775808",
    "[[[[[[[[]]]]]]]]",
    // A lone surrogate: Jackson reads it into a string it then writes as bytes it cannot read
    // back (seed 1616 once poisoned a workload's store through a pod name); rejected at decode.
    "\"\\ud800\""
  };

  /** Characters that break JSON structure, numbers and escapes. */
  private static final String BREAKERS = "{}[]\",:0e-\\ ";

  // JUnit deletes it after each test: a state dir per run was left in /tmp for good.
  @TempDir Path stateDir;

  private TopologyTestDriver driver;
  private TestOutputTopic<byte[], byte[]> deadLetterTopic;
  private final Map<Topic<String, ?>, TestInputTopic<String, byte[]>> inputs =
      new LinkedHashMap<>();

  @BeforeEach
  void start() throws IOException {
    DeadLetterRecorders.clear();
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "correlator-fuzz");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    props.put(
        StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
        DeadLetterRecorders.Deserialization.class);
    props.put(
        StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG,
        DeadLetterRecorders.Processing.class);
    driver =
        new TopologyTestDriver(
            CorrelatorTopology.build(
                Scenario.settings(), new CorrelatorMetrics(new SimpleMeterRegistry())),
            props,
            Scenario.T0);
    deadLetterTopic =
        driver.createOutputTopic(
            Topics.DEADLETTER.name(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
    for (Topic<String, ?> topic : seeds().keySet()) {
      inputs.put(
          topic,
          driver.createInputTopic(topic.name(), new StringSerializer(), new ByteArraySerializer()));
    }
  }

  @AfterEach
  void stop() {
    driver.close();
  }

  @Test
  void theServiceConfiguresTheRealDeadLetterHandlers() throws IOException {
    Properties config = new Properties();
    try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
      config.load(in);
    }
    assertThat(config.getProperty("kafka-streams.default.deserialization.exception.handler"))
        .isEqualTo("io.strata.correlator.streams.DeadLetterDeserializationHandler");
    assertThat(config.getProperty("kafka-streams.processing.exception.handler"))
        .isEqualTo("io.strata.correlator.streams.DeadLetterProcessingHandler");
  }

  @Test
  void mutatedRecordsOnEveryInputTopicAreDeadLetteredWithAReasonAndValidOnesAreNot() {
    Random random = new Random(1616);
    Map<Topic<String, ?>, List<byte[]>> seeds = seeds();
    seeds.forEach(
        (topic, values) ->
            values.forEach(v -> assertThat(readable(topic, v)).as("seed " + describe(v)).isTrue()));
    long clock = 0;
    int unreadable = 0;
    int readableDeadLettered = 0;
    int valid = 0;
    for (var entry : seeds.entrySet()) {
      Topic<String, ?> topic = entry.getKey();
      TestInputTopic<String, byte[]> input = inputs.get(topic);
      for (int i = 0; i < RECORDS_PER_TOPIC; i++) {
        byte[] seed = entry.getValue().get(random.nextInt(entry.getValue().size()));
        int kind = random.nextInt(4);
        byte[] value =
            switch (kind) {
              case 0 -> seed;
              case 1 -> mutateBytes(seed, random);
              case 2 -> replaceAValue(new String(seed, StandardCharsets.UTF_8), random);
              default -> randomBytes(random);
            };
        String key = random.nextInt(10) == 0 ? "k" + random.nextInt() : "c1/node-" + (i % 4);
        boolean readable = readable(topic, value);
        input.pipeInput(key, value, Scenario.T0.plusMillis(clock += 50));
        // Parked by the topology itself, inside the task's transaction: on the driver's output.
        List<ProducerRecord<byte[], byte[]>> added = newDeadLetters();
        String where = topic.name() + " record " + i + " (" + describe(value) + ")";
        if (kind == 0) {
          assertThat(added)
              .as(where + ": a valid record is not dead-lettered, got " + describe(added))
              .isEmpty();
          valid++;
        } else if (!readable) {
          assertThat(added).as(where + ": one dead letter").hasSize(1);
          assertThat(header(added.get(0), DeadLetterHeaders.REASON))
              .as(where)
              .isEqualTo("DESERIALIZATION_FAILED");
          unreadable++;
        } else {
          assertThat(added).as(where + ": at most one dead letter").hasSizeLessThanOrEqualTo(1);
          readableDeadLettered += added.size();
        }
        for (ProducerRecord<byte[], byte[]> deadLetter : added) {
          assertThat(deadLetter.topic()).isEqualTo(Topics.DEADLETTER.name());
          // Unreadable: parked by the source's decode step; readable: a step threw on it.
          assertThat(header(deadLetter, DeadLetterHeaders.REASON))
              .as(where)
              .isEqualTo(readable ? "PROCESSING_FAILED" : "DESERIALIZATION_FAILED");
          if (!readable) {
            // A processing failure may happen after a repartition, where the origin is the
            // internal topic; an unreadable record is always parked as it arrived.
            assertThat(header(deadLetter, DeadLetterHeaders.ORIGIN_TOPIC))
                .as(where)
                .isEqualTo(topic.name());
            assertThat(deadLetter.value()).as(where + ": the original bytes").isEqualTo(value);
            assertThat(deadLetter.key()).as(where + ": the original key").isEqualTo(bytes(key));
          }
        }
      }
    }
    System.out.printf(
        "correlator input fuzz: %d records on %d topics (%d per topic): %d valid processed, %d"
            + " unreadable dead-lettered as DESERIALIZATION_FAILED, %d readable but dead-lettered"
            + " in processing, driver never failed%n",
        seeds.size() * RECORDS_PER_TOPIC,
        seeds.size(),
        RECORDS_PER_TOPIC,
        valid,
        unreadable,
        readableDeadLettered);
    assertThat(unreadable).isPositive();
    assertThat(DeadLetterRecorders.parked())
        .as(
            "nothing reaches the handlers' side producer, every dead letter is in the topology: %s",
            describe(DeadLetterRecorders.parked()))
        .isEmpty();
  }

  private List<ProducerRecord<byte[], byte[]>> newDeadLetters() {
    List<ProducerRecord<byte[], byte[]>> letters = new ArrayList<>();
    for (TestRecord<byte[], byte[]> letter : deadLetterTopic.readRecordsToList()) {
      letters.add(
          new ProducerRecord<>(
              Topics.DEADLETTER.name(), null, letter.key(), letter.value(), letter.headers()));
    }
    return letters;
  }

  /** Valid JSON values per input topic: the scenario builders, and the schemas' fields. */
  static Map<Topic<String, ?>, List<byte[]>> seeds() {
    Map<Topic<String, ?>, List<byte[]>> seeds = new LinkedHashMap<>();
    seeds.put(
        Topics.K8S_PODS,
        List.of(
            json(
                Topics.K8S_PODS,
                Scenario.pod("p1", "serve", "node-1", "v1", PodPhase.RUNNING, "GPU-1"))));
    seeds.put(
        Topics.DEVICE_SAMPLES,
        List.of(
            json(
                Topics.DEVICE_SAMPLES,
                Scenario.sample(
                    "node-1", "GPU-1", "p1", HealthStatus.PASS, Scenario.normalFields(50)))));
    seeds.put(
        Topics.K8S_NODES,
        List.of(
            text(
                "{\"cluster\":\"c1\",\"name\":\"node-1\",\"schedulable\":true,\"cordoned\":false,"
                    + "\"labels\":{\"pool\":\"a\"},\"observed_at\":\"2026-11-30T10:00:00Z\"}")));
    seeds.put(
        Topics.DEVICE_XIDS,
        List.of(
            text(
                "{\"event_id\":\"x1\",\"cluster\":\"c1\",\"node\":\"node-1\",\"gpu_uuid\":\"GPU-1\","
                    + "\"xid\":79}")));
    seeds.put(
        Topics.K8S_EVENTS,
        List.of(
            text(
                "{\"event_uid\":\"e1\",\"cluster\":\"c1\",\"involved_object\":{\"kind\":\"Pod\","
                    + "\"namespace\":\"ml\",\"name\":\"p1\"},\"reason\":\"FAILED_SCHEDULING\","
                    + "\"message\":\"0/4 nodes are available\"}")));
    seeds.put(
        Topics.K8S_CLAIMS,
        List.of(
            text("{\"cluster\":\"c1\",\"namespace\":\"ml\",\"name\":\"claim-1\",\"uid\":\"u1\"}")));
    seeds.put(
        Topics.TRACE_SPANS,
        List.of(
            text(
                "{\"trace_id\":\"4bf92f3577b34da6a3ce929d0e0e4736\",\"span_id\":\"00f067aa0ba902b7\","
                    + "\"name\":\"gpu.execute\",\"stage\":\"GPU_EXECUTE\",\"kind\":\"INTERNAL\","
                    + "\"root\":false,\"start\":\"2026-11-30T10:00:00Z\",\"duration_nanos\":5000000}")));
    seeds.put(
        Topics.ALERTS,
        List.of(
            text(
                "{\"fingerprint\":\"f1\",\"cluster\":\"c1\",\"status\":\"FIRING\","
                    + "\"alert_name\":\"NVSentinelFatal\",\"labels\":{\"is_fatal\":\"true\","
                    + "\"is_healthy\":\"false\",\"node\":\"node-1\"},\"annotations\":"
                    + "{\"summary\":\"fatal\"},\"starts_at\":\"2026-11-30T10:00:00Z\","
                    + "\"correlation\":{\"cluster\":\"c1\",\"node\":\"node-1\",\"namespace\":"
                    + "\"ml\",\"workload\":\"serve\"},\"gpu_uuid\":\"GPU-1\"}"),
            text(
                "{\"fingerprint\":\"f1\",\"cluster\":\"c1\",\"status\":\"RESOLVED\","
                    + "\"alert_name\":\"NVSentinelFatal\",\"labels\":{\"is_fatal\":\"true\","
                    + "\"is_healthy\":\"false\"},\"ends_at\":\"2026-11-30T10:05:00Z\","
                    + "\"correlation\":{\"node\":\"node-1\"}}")));
    return seeds;
  }

  private static boolean readable(Topic<String, ?> topic, byte[] value) {
    try {
      topic.valueSerde().deserializer().deserialize(topic.name(), value);
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static <V> byte[] json(Topic<String, V> topic, V value) {
    return topic.valueSerde().serializer().serialize(topic.name(), value);
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] text(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }

  private static String header(ProducerRecord<byte[], byte[]> record, String name) {
    Header header = record.headers().lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }

  private static String describe(List<ProducerRecord<byte[], byte[]>> deadLetters) {
    List<String> described = new ArrayList<>();
    for (ProducerRecord<byte[], byte[]> deadLetter : deadLetters) {
      described.add(
          header(deadLetter, DeadLetterHeaders.REASON)
              + " from "
              + header(deadLetter, DeadLetterHeaders.ORIGIN_TOPIC)
              + ": "
              + header(deadLetter, DeadLetterHeaders.DETAIL));
    }
    return described.toString();
  }

  private static String describe(byte[] value) {
    String text = new String(value, StandardCharsets.UTF_8);
    return text.length() > 120 ? text.substring(0, 120) + "..." : text;
  }

  private static byte[] mutateBytes(byte[] seed, Random random) {
    List<Byte> bytes = new ArrayList<>();
    for (byte b : seed) {
      bytes.add(b);
    }
    for (int k = 1 + random.nextInt(6); k > 0 && !bytes.isEmpty(); k--) {
      int at = random.nextInt(bytes.size());
      switch (random.nextInt(3)) {
        case 0 -> bytes.set(at, (byte) BREAKERS.charAt(random.nextInt(BREAKERS.length())));
        case 1 -> bytes.remove(at);
        default -> bytes.subList(at, bytes.size()).clear();
      }
    }
    byte[] out = new byte[bytes.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = bytes.get(i);
    }
    return out;
  }

  private static byte[] replaceAValue(String json, Random random) {
    int colon = json.indexOf(':', random.nextInt(json.length()));
    if (colon < 0) {
      colon = json.indexOf(':');
    }
    int end = colon + 1;
    int depth = 0;
    boolean inString = false;
    while (end < json.length()) {
      char c = json.charAt(end);
      if (inString) {
        inString = c != '"' || json.charAt(end - 1) == '\\';
      } else if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if ((c == '}' || c == ']' || c == ',') && depth == 0) {
        break;
      } else if (c == '}' || c == ']') {
        depth--;
      }
      end++;
    }
    return text(
        json.substring(0, colon + 1) + VALUES[random.nextInt(VALUES.length)] + json.substring(end));
  }

  private static byte[] randomBytes(Random random) {
    byte[] bytes = new byte[random.nextInt(64)];
    random.nextBytes(bytes);
    return bytes;
  }
}
