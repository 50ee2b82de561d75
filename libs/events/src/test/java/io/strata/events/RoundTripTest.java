package io.strata.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.cloudevents.CloudEventMetadata;
import io.strata.events.json.StrataJson;
import io.strata.events.serde.JsonSerde;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every topic's events survive the trip a Kafka record makes: value through the topic's serde, key
 * through its key serde, CloudEvents attributes through headers. Iterates {@link Topics#all()}, so
 * a new topic is covered (and fails here until it has a sample).
 */
class RoundTripTest {

  private static final String SOURCE = "/strata/round-trip-test";
  private static final Instant TIME = Instant.parse("2026-03-14T09:27:00.125Z");

  static Stream<Topic<?, ?>> eventTopics() {
    return Topics.all().stream().filter(t -> t.eventType() != null);
  }

  @Test
  void onlyTheDeadLetterTopicCarriesNoEventType() {
    assertThat(Topics.all().stream().filter(t -> t.eventType() == null))
        .containsExactly(Topics.DEADLETTER);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("eventTopics")
  void valueKeyAndHeadersRoundTrip(Topic<?, ?> topic) throws IOException {
    roundTrip(topic);
  }

  private static <K, V> void roundTrip(Topic<K, V> topic) throws IOException {
    EventType type = topic.eventType();
    assertThat(topic.valueSerde()).isInstanceOf(JsonSerde.class);
    JsonSerde<V> serde = (JsonSerde<V>) topic.valueSerde();
    V event = serde.type().cast(EventSamples.of(type));
    String key = EventSamples.keyOf(event);

    RecordHeaders headers = new RecordHeaders();
    CloudEventMetadata written = CloudEventHeaders.write(headers, type, SOURCE, key, TIME);
    byte[] value = serde.serializer().serialize(topic.name(), headers, event);

    // value
    V read = serde.deserializer().deserialize(topic.name(), headers, value);
    assertThat(read).isEqualTo(event);
    JsonNode json = StrataJson.mapper().readTree(value);
    assertThat(json.isObject()).as("binary mode: the value is the plain JSON event").isTrue();
    assertThat(StrataJson.mapper().readTree(serde.serialize(topic.name(), read))).isEqualTo(json);

    // key: the String every event topic uses, as UTF-8
    K typedKey =
        topic
            .keySerde()
            .deserializer()
            .deserialize(topic.name(), key.getBytes(StandardCharsets.UTF_8));
    assertThat(typedKey).isEqualTo(key);
    assertThat(topic.keySerde().serializer().serialize(topic.name(), typedKey))
        .isEqualTo(key.getBytes(StandardCharsets.UTF_8));

    // headers
    String stem = type.schemaResource().replace("schemas/", "").replace(".schema.json", "");
    assertThat(header(headers, "ce_specversion")).isEqualTo("1.0");
    assertThat(header(headers, "ce_type")).isEqualTo("io.strata." + stem).isEqualTo(type.ceType());
    assertThat(UUID.fromString(header(headers, "ce_id")).toString())
        .isEqualTo(header(headers, "ce_id"));
    assertThat(header(headers, "ce_source")).isEqualTo(SOURCE);
    assertThat(header(headers, "ce_time")).isEqualTo("2026-03-14T09:27:00.125Z");
    assertThat(header(headers, "ce_subject")).isEqualTo(key);
    assertThat(header(headers, "content-type")).isEqualTo("application/json");
    assertThat(CloudEventHeaders.read(headers)).contains(written);
    assertThat(written.eventType()).contains(type);
  }

  @Test
  void theDeadLetterTopicKeepsBytesUntouched() {
    Topic<byte[], byte[]> topic = Topics.DEADLETTER;
    byte[] poison = "{\"cluster\":".getBytes(StandardCharsets.UTF_8);
    byte[] written = topic.valueSerde().serializer().serialize(topic.name(), poison);
    assertThat(topic.valueSerde().deserializer().deserialize(topic.name(), written))
        .isEqualTo(poison);
  }

  private static String header(RecordHeaders headers, String key) {
    Header[] all = headers.toArray();
    assertThat(Stream.of(all).filter(h -> h.key().equals(key)))
        .as("exactly one %s header", key)
        .hasSize(1);
    return new String(headers.lastHeader(key).value(), StandardCharsets.UTF_8);
  }
}
