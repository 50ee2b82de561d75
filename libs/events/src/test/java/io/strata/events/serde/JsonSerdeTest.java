package io.strata.events.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.EventSamples;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import io.strata.events.incident.Incident;
import io.strata.events.json.StrataJson;
import io.strata.events.remediation.ActionType;
import io.strata.events.serde.EventSerdeException.SerdeFailure;
import io.strata.events.topic.Topics;
import io.strata.events.trace.Stage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonSerdeTest {

  private static final String TOPIC = Topics.DEVICE_SAMPLES.name();
  private final JsonSerde<DeviceSample> serde = new JsonSerde<>(DeviceSample.class);

  private EventSerdeException failure(String payload) {
    return catchThrowableOfType(
        EventSerdeException.class,
        () -> serde.deserialize(TOPIC, payload.getBytes(StandardCharsets.UTF_8)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"{\"cluster\":", "not json", "{\"cluster\" \"c\"}", "{'cluster':'c'}"})
  void malformedJsonIsMalformedJson(String payload) {
    EventSerdeException e = failure(payload);
    assertThat(e).isNotNull().isInstanceOf(SerializationException.class);
    assertThat(e.failure()).isEqualTo(SerdeFailure.MALFORMED_JSON);
    assertThat(e.getMessage()).contains("DeviceSample").contains(TOPIC);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "[]",
        "42",
        "null",
        "{\"fields\":[1,2]}",
        "{\"fields\":{\"gpu_temp_celsius\":{\"v\":1}}}",
        "{\"owner\":\"inference/llama\"}",
        "{\"scraped_at\":\"yesterday\"}",
        "{\"last_xid\":\"seventy-nine\"}",
        "{\"cluster\":\"c\"} {\"cluster\":\"d\"}"
      })
  void wellFormedJsonOfTheWrongShapeIsASchemaMismatch(String payload) {
    EventSerdeException e = failure(payload);
    assertThat(e).as(payload).isNotNull();
    assertThat(e.failure()).isEqualTo(SerdeFailure.SCHEMA_MISMATCH);
    assertThat(e.getMessage()).contains("DeviceSample").contains(TOPIC);
  }

  @Test
  void anEmptyPayloadIsNotATombstone() {
    EventSerdeException e =
        catchThrowableOfType(
            EventSerdeException.class, () -> serde.deserialize(TOPIC, new byte[0]));
    assertThat(e.failure()).isEqualTo(SerdeFailure.EMPTY_PAYLOAD);
  }

  @Test
  void nullIsATombstoneBothWays() {
    assertThat(serde.deserialize(TOPIC, null)).isNull();
    assertThat(serde.serialize(TOPIC, null)).isNull();
    assertThat(Topics.K8S_PODS.valueSerde().deserializer().deserialize("t", null)).isNull();
  }

  @Test
  void unknownFieldsAreIgnored() throws Exception {
    DeviceSample sample = EventSamples.deviceSample();
    ObjectNode json = (ObjectNode) StrataJson.mapper().readTree(serde.serialize(TOPIC, sample));
    json.put("added_in_v1_1", "later");
    json.putObject("nested_future").put("a", 1).putArray("b").add(true);
    ((ObjectNode) json.get("owner")).put("dra_share_id", "s-1");
    DeviceSample read = serde.deserialize(TOPIC, StrataJson.mapper().writeValueAsBytes(json));
    assertThat(read).isEqualTo(sample);
  }

  @Test
  void absentFieldsTakeTheRecordDefaults() {
    DeviceSample read =
        serde.deserialize(
            TOPIC,
            "{\"cluster\":\"c\",\"node\":\"n\",\"gpu_uuid\":\"GPU-1\"}"
                .getBytes(StandardCharsets.UTF_8));
    assertThat(read.health()).isEqualTo(HealthStatus.UNSPECIFIED);
    assertThat(read.fields()).isEmpty();
    assertThat(read.owner()).isEqualTo(io.strata.events.device.DeviceOwner.none());
    assertThat(read.lastXid()).isNull();
  }

  @Test
  void unknownEnumValuesReadAsUnspecified() {
    DeviceSample read =
        serde.deserialize(
            TOPIC,
            "{\"cluster\":\"c\",\"node\":\"n\",\"gpu_uuid\":\"GPU-1\",\"health\":\"DEGRADED\"}"
                .getBytes(StandardCharsets.UTF_8));
    assertThat(read.health()).isEqualTo(HealthStatus.UNSPECIFIED);

    JsonSerde<Incident> incidents = new JsonSerde<>(Incident.class);
    Incident incident =
        incidents.deserialize(
            "t",
            ("{\"incident_id\":\"i\",\"incident_class\":\"GPU_ON_FIRE\",\"state\":\"OPEN\","
                    + "\"suggested_actions\":[\"PAGE_A_HUMAN\",\"CORDON_NODE\"],"
                    + "\"evidence\":{\"exemplar_traces\":[{\"trace_id\":\"t\","
                    + "\"longest_stage\":\"KV_CACHE_WAIT\",\"stage_millis\":{\"KV_CACHE_WAIT\":3.5}}]}}")
                .getBytes(StandardCharsets.UTF_8));
    assertThat(incident.incidentClass())
        .isEqualTo(io.strata.events.incident.IncidentClass.UNSPECIFIED);
    assertThat(incident.suggestedActions())
        .isEqualTo(List.of(ActionType.UNSPECIFIED, ActionType.CORDON_NODE));
    assertThat(incident.evidence().exemplarTraces().get(0).longestStage())
        .isEqualTo(Stage.UNSPECIFIED);
    assertThat(incident.evidence().exemplarTraces().get(0).stageMillis())
        .containsEntry(Stage.UNSPECIFIED, 3.5);
  }

  @Test
  void writesSnakeCaseIsoInstantsAndOmitsNulls() throws Exception {
    DeviceSample sample =
        new DeviceSample(
            "c",
            "n",
            "GPU-1",
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            EventSamples.T0);
    String json = new String(serde.serialize(TOPIC, sample), StandardCharsets.UTF_8);
    assertThat(json)
        .isEqualTo(
            "{\"cluster\":\"c\",\"node\":\"n\",\"gpu_uuid\":\"GPU-1\",\"owner\":{},"
                + "\"health\":\"UNSPECIFIED\",\"fields\":{},\"other_fields\":{},"
                + "\"scraped_at\":\"2026-03-14T09:26:53.589793238Z\"}");
  }

  @Test
  void serdeIsItsOwnSerializerAndDeserializer() {
    assertThat(serde.serializer()).isSameAs(serde);
    assertThat(serde.deserializer()).isSameAs(serde);
    assertThat(serde.type()).isEqualTo(DeviceSample.class);
  }
}
