package io.strata.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.strata.events.device.DeviceField;
import io.strata.events.device.DeviceSample;
import io.strata.events.json.StrataJson;
import io.strata.events.serde.JsonSerde;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The shipped schemas accept what the serdes write and reject what they should not. */
class SchemaValidationTest {

  private static JsonNode serialised(EventType type) {
    Topic<?, ?> topic =
        Topics.all().stream().filter(t -> t.eventType() == type).findFirst().orElseThrow();
    return serialised(topic, EventSamples.of(type));
  }

  private static <V> JsonNode serialised(Topic<?, V> topic, Object event) {
    JsonSerde<V> serde = (JsonSerde<V>) topic.valueSerde();
    byte[] bytes = serde.serialize(topic.name(), serde.type().cast(event));
    try {
      return StrataJson.mapper().readTree(bytes);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  @ParameterizedTest
  @EnumSource(EventType.class)
  void schemaIsAValidDraft202012Schema(EventType type) {
    JsonNode document = SchemaSupport.document(type);
    assertThat(SchemaSupport.metaSchema().validate(document)).isEmpty();
    assertThat(document.path("$schema").asText()).isEqualTo(SchemaSupport.DRAFT_2020_12);
    String stem = type.schemaResource().replace("schemas/", "").replace(".schema.json", "");
    assertThat(document.path("$id").asText()).isEqualTo("urn:strata:schema:" + stem);
    assertThat(document.path("title").asText()).isEqualTo(type.recordType().getSimpleName());
    assertThat(document.path("description").asText())
        .isNotBlank()
        .contains("Key:")
        .contains(type.ceType());
    assertThat(document.path("required").size()).isPositive();
  }

  @ParameterizedTest
  @EnumSource(EventType.class)
  void everyObjectIsOpenToNewFields(EventType type) {
    JsonNode document = SchemaSupport.document(type);
    List<String> closed = new ArrayList<>();
    document.findParents("properties").stream()
        .filter(n -> n.path("properties").isObject() && n.path("type").asText().equals("object"))
        .filter(n -> !n.path("additionalProperties").equals(BooleanNode.TRUE))
        .forEach(n -> closed.add(n.toString()));
    assertThat(closed).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(EventType.class)
  void serialisedSampleValidates(EventType type) {
    assertThat(SchemaSupport.validate(type, serialised(type))).isEmpty();
  }

  /**
   * The serialised sample declares nothing the schema does not: validated against a copy of the
   * schema closed at every level. A derived getter leaking into the JSON fails here.
   */
  @ParameterizedTest
  @EnumSource(EventType.class)
  void serialisedSampleCarriesOnlyDeclaredFields(EventType type) {
    JsonNode closed = SchemaSupport.document(type).deepCopy();
    ((ObjectNode) closed).put("$id", "urn:strata:test:closed:" + type.name());
    closed.findParents("additionalProperties").stream()
        .filter(n -> n.get("additionalProperties").equals(BooleanNode.TRUE))
        .forEach(n -> ((ObjectNode) n).put("additionalProperties", false));
    SchemaValidatorsConfig config =
        SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
    Set<ValidationMessage> errors =
        JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(closed, config)
            .validate(serialised(type));
    assertThat(errors).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(EventType.class)
  void removingARequiredFieldIsRejected(EventType type) {
    JsonNode sample = serialised(type);
    JsonNode required = SchemaSupport.document(type).path("required");
    assertThat(required.size()).isPositive();
    for (JsonNode name : required) {
      JsonNode broken = SchemaSupport.with(sample, JsonPointer.compile("/" + name.asText()), null);
      assertThat(SchemaSupport.validate(type, broken))
          .as("without %s", name.asText())
          .anySatisfy(m -> assertThat(m.getMessage()).contains(name.asText()));
    }
  }

  @ParameterizedTest
  @EnumSource(EventType.class)
  void aRequiredFieldOfTheWrongTypeIsRejected(EventType type) {
    JsonNode sample = serialised(type);
    for (JsonNode name : SchemaSupport.document(type).path("required")) {
      JsonPointer at = JsonPointer.compile("/" + name.asText());
      JsonNode wrong = sample.at(at).isTextual() ? IntNode.valueOf(42) : TextNode.valueOf("42");
      assertThat(SchemaSupport.validate(type, SchemaSupport.with(sample, at, wrong)))
          .as("%s = %s", at, wrong)
          .isNotEmpty();
    }
  }

  /**
   * Every enum-typed value anywhere in the sample, top level or nested, rejects an unknown name.
   */
  @ParameterizedTest
  @EnumSource(EventType.class)
  void anEnumValueOutsideTheListIsRejected(EventType type) {
    JsonNode root = SchemaSupport.document(type);
    JsonNode sample = serialised(type);
    List<JsonPointer> enums = SchemaSupport.find(root, sample, s -> s.has("enum"));
    if (type != EventType.NODE_STATE && type != EventType.CLAIM_STATE) {
      assertThat(enums).as("enum-typed values in the sample").isNotEmpty();
    }
    for (JsonPointer at : enums) {
      JsonNode broken = SchemaSupport.with(sample, at, TextNode.valueOf("NOT_A_KNOWN_VALUE"));
      assertThat(SchemaSupport.validate(type, broken)).as("%s", at).isNotEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(EventType.class)
  void aTimestampThatIsNotRfc3339IsRejected(EventType type) {
    JsonNode root = SchemaSupport.document(type);
    JsonNode sample = serialised(type);
    List<JsonPointer> times =
        SchemaSupport.find(root, sample, s -> s.path("format").asText().equals("date-time"));
    assertThat(times).isNotEmpty();
    for (JsonPointer at : times) {
      JsonNode broken = SchemaSupport.with(sample, at, TextNode.valueOf("14/03/2026 09:26"));
      assertThat(SchemaSupport.validate(type, broken)).as("%s", at).isNotEmpty();
    }
  }

  @Test
  void aNestedRequiredFieldIsEnforced() {
    JsonNode sample = serialised(EventType.POD_STATE);
    JsonNode broken =
        SchemaSupport.with(sample, JsonPointer.compile("/correlation/namespace"), null);
    assertThat(SchemaSupport.validate(EventType.POD_STATE, broken))
        .anySatisfy(m -> assertThat(m.getMessage()).contains("namespace"));
  }

  @Test
  void unknownFieldsAreAllowedAtEveryLevel() {
    ObjectNode sample = (ObjectNode) serialised(EventType.INCIDENT).deepCopy();
    sample.put("added_in_v1_1", "later");
    ((ObjectNode) sample.get("scope")).put("regions", 2);
    ((ObjectNode) sample.get("evidence").get("exemplar_traces").get(0)).put("tenant_tier", "gold");
    assertThat(SchemaSupport.validate(EventType.INCIDENT, sample)).isEmpty();
  }

  @Test
  void minimalEventsWithOnlyTheRequiredFieldsValidate() {
    assertThat(
            SchemaSupport.validate(
                EventType.NODE_STATE, "{\"cluster\":\"c\",\"name\":\"gpu-node-01\"}"))
        .isEmpty();
    assertThat(
            SchemaSupport.validate(
                EventType.DEVICE_SAMPLE,
                "{\"cluster\":\"c\",\"node\":\"n\",\"gpu_uuid\":\"GPU-1\",\"owner\":{},"
                    + "\"health\":\"UNSPECIFIED\",\"fields\":{},\"other_fields\":{}}"))
        .isEmpty();
  }

  /** Jackson writes non-finite doubles as strings; DCGM gauges may carry them, and say so. */
  @Test
  void nonFiniteGaugeValuesAreDescribed() {
    DeviceSample base = EventSamples.deviceSample();
    Map<String, Double> fields = new HashMap<>(base.fields());
    fields.put(DeviceField.GPU_TEMP.key(), Double.NaN);
    fields.put(DeviceField.POWER_USAGE.key(), Double.POSITIVE_INFINITY);
    fields.put(DeviceField.SM_CLOCK.key(), Double.NEGATIVE_INFINITY);
    DeviceSample odd =
        new DeviceSample(
            base.cluster(),
            base.node(),
            base.gpuUuid(),
            base.gpuIndex(),
            base.pciBusId(),
            base.device(),
            base.modelName(),
            base.driverVersion(),
            base.migProfile(),
            base.migInstanceId(),
            base.owner(),
            base.health(),
            fields,
            base.otherFields(),
            base.lastXid(),
            base.target(),
            base.scrapedAt());
    JsonNode json = serialised(Topics.DEVICE_SAMPLES, odd);
    assertThat(json.at("/fields/gpu_temp_celsius").asText()).isEqualTo("NaN");
    assertThat(SchemaSupport.validate(EventType.DEVICE_SAMPLE, json)).isEmpty();
    byte[] bytes = Topics.DEVICE_SAMPLES.valueSerde().serializer().serialize("t", odd);
    assertThat(Topics.DEVICE_SAMPLES.valueSerde().deserializer().deserialize("t", bytes))
        .isEqualTo(odd);

    ObjectNode notAGauge = (ObjectNode) json.deepCopy();
    ((ObjectNode) notAGauge.get("fields")).put("gpu_temp_celsius", "hot");
    assertThat(SchemaSupport.validate(EventType.DEVICE_SAMPLE, notAGauge)).isNotEmpty();
    ((ObjectNode) notAGauge.get("fields"))
        .set("gpu_temp_celsius", JsonNodeFactory.instance.arrayNode());
    assertThat(SchemaSupport.validate(EventType.DEVICE_SAMPLE, notAGauge)).isNotEmpty();
  }

  @Test
  void aDerivedGetterIsNotSerialised() {
    JsonNode json = serialised(EventType.DEVICE_SAMPLE);
    assertThat(EventSamples.deviceSample().isMigInstance()).isTrue();
    assertThat(json.has("mig_instance")).isFalse();
    assertThat(json.get("mig_instance_id").asText()).isEqualTo("7");
  }
}
