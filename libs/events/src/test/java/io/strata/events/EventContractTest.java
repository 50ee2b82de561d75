package io.strata.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.serde.JsonSerde;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** EventType, schema resources and topic descriptors agree with each other. */
class EventContractTest {

  @ParameterizedTest
  @EnumSource(EventType.class)
  void everyEventTypeShipsItsSchema(EventType type) {
    assertThat(type.schemaResource()).matches("schemas/[a-z_]+\\.v[0-9]+\\.schema\\.json");
    assertThat(EventContractTest.class.getClassLoader().getResource(type.schemaResource()))
        .as(type.schemaResource())
        .isNotNull();
    assertThat(type.recordType().isRecord()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(EventType.class)
  void ceTypeNamesTheSchemaAndResolvesBack(EventType type) {
    String stem = type.schemaResource().replace("schemas/", "").replace(".schema.json", "");
    assertThat(type.ceType()).isEqualTo("io.strata." + stem).endsWith(".v1");
    assertThat(EventType.fromCeType(type.ceType())).contains(type);
  }

  @Test
  void unknownCeTypesResolveToNothing() {
    assertThat(EventType.fromCeType("io.strata.device_sample.v2")).isEmpty();
    assertThat(EventType.fromCeType(null)).isEmpty();
  }

  @Test
  void everyEventTopicCarriesTheRecordTypeOfItsEventType() {
    for (Topic<?, ?> topic : Topics.all()) {
      if (topic == Topics.DEADLETTER) {
        assertThat(topic.eventType()).isNull();
        continue;
      }
      assertThat(topic.eventType()).as(topic.name()).isNotNull();
      assertThat(topic.valueSerde()).as(topic.name()).isInstanceOf(JsonSerde.class);
      assertThat(((JsonSerde<?>) topic.valueSerde()).type())
          .as(topic.name())
          .isEqualTo(topic.eventType().recordType());
    }
  }

  @Test
  void everyEventTypeHasExactlyOneTopic() {
    for (EventType type : EventType.values()) {
      assertThat(Topics.all().stream().filter(t -> t.eventType() == type))
          .as(type.name())
          .hasSize(1);
    }
  }

  @Test
  void topicNamesAreUniqueVersionedAndFindable() {
    List<String> names = Topics.all().stream().map(Topic::name).toList();
    assertThat(names).doesNotHaveDuplicates();
    for (Topic<?, ?> topic : Topics.all()) {
      assertThat(topic.name()).matches("strata\\.[a-z0-9.]+\\.v[0-9]+");
      assertThat(Topics.byName(topic.name())).containsSame(topic);
      assertThat(topic.keyDescription()).isNotBlank();
    }
    assertThat(Topics.byName("strata.nope.v1")).isEmpty();
    assertThat(Arrays.stream(EventType.values()).map(EventType::ceType)).doesNotHaveDuplicates();
  }
}
