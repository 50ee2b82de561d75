package io.strata.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The samples the other tests rely on really are complete. */
class EventSamplesTest {

  @ParameterizedTest
  @EnumSource(EventType.class)
  void everyEventSampleHasEveryFieldSet(EventType type) {
    Object sample = EventSamples.of(type);
    assertThat(sample).isInstanceOf(type.recordType());
    for (RecordComponent component : sample.getClass().getRecordComponents()) {
      Object value = read(sample, component);
      assertThat(isSet(value))
          .as("%s.%s = %s", type.recordType().getSimpleName(), component.getName(), value)
          .isTrue();
    }
  }

  @Test
  void everyNestedRecordFieldIsSetInSomeSample() {
    List<Object> records = new ArrayList<>();
    for (EventType type : EventType.values()) {
      collect(EventSamples.of(type), records);
    }
    Map<String, Set<String>> unset = new TreeMap<>();
    Map<String, Set<String>> set = new TreeMap<>();
    for (Object record : records) {
      String name = record.getClass().getSimpleName();
      for (RecordComponent component : record.getClass().getRecordComponents()) {
        boolean isSet = isSet(read(record, component));
        (isSet ? set : unset).computeIfAbsent(name, k -> new TreeSet<>()).add(component.getName());
      }
    }
    unset.forEach((type, names) -> names.removeAll(set.getOrDefault(type, Set.of())));
    unset.values().removeIf(Set::isEmpty);
    assertThat(unset).as("record fields no sample sets").isEmpty();
  }

  @ParameterizedTest
  @EnumSource(EventType.class)
  void everySampleHasAKey(EventType type) {
    assertThat(EventSamples.keyOf(EventSamples.of(type))).isNotBlank();
  }

  private static void collect(Object value, List<Object> records) {
    if (value == null) {
      return;
    }
    if (value.getClass().isRecord()) {
      records.add(value);
      for (RecordComponent component : value.getClass().getRecordComponents()) {
        collect(read(value, component), records);
      }
    } else if (value instanceof Collection<?> collection) {
      collection.forEach(v -> collect(v, records));
    } else if (value instanceof Map<?, ?> map) {
      map.values().forEach(v -> collect(v, records));
    }
  }

  private static boolean isSet(Object value) {
    if (value == null) {
      return false;
    }
    if (value instanceof Collection<?> collection) {
      return !collection.isEmpty();
    }
    if (value instanceof Map<?, ?> map) {
      return !map.isEmpty();
    }
    if (value instanceof Enum<?> constant) {
      return !constant.name().equals("UNSPECIFIED");
    }
    if (value.getClass().isRecord()) {
      // a record with every component null (Correlation.empty()) says nothing
      for (RecordComponent component : value.getClass().getRecordComponents()) {
        if (isSet(read(value, component))) {
          return true;
        }
      }
      return false;
    }
    return true;
  }

  private static Object read(Object record, RecordComponent component) {
    try {
      return component.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new AssertionError("cannot read " + component, e);
    }
  }
}
