package io.strata.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Walks each record type by reflection alongside its hand-written schema: every record component is
 * a schema property of the matching JSON type (and every property a component), enums list exactly
 * the Java constants, nested records are objects open to new fields. A schema that disagrees with
 * its record fails here, whatever the samples happen to contain.
 */
class SchemaConformanceTest {

  private static final PropertyNamingStrategies.NamingBase SNAKE =
      (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

  @ParameterizedTest
  @EnumSource(EventType.class)
  void schemaDescribesTheRecordExactly(EventType type) {
    JsonNode root = SchemaSupport.document(type);
    Set<Class<?>> seen = new HashSet<>();
    check(root, type.recordType(), root, "$", seen);
    assertThat(seen).contains(type.recordType());
  }

  private static void check(
      JsonNode root, Type javaType, JsonNode node, String path, Set<Class<?>> seen) {
    JsonNode schema = SchemaSupport.resolve(root, node);
    Class<?> raw = raw(javaType);
    if (raw == String.class) {
      assertType(schema, "string", path);
    } else if (raw == Instant.class) {
      assertType(schema, "string", path);
      assertThat(schema.path("format").asText()).as(path + " format").isEqualTo("date-time");
    } else if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class) {
      assertType(schema, "integer", path);
    } else if (raw == double.class || raw == Double.class) {
      assertNumber(schema, path);
    } else if (raw == boolean.class || raw == Boolean.class) {
      assertType(schema, "boolean", path);
    } else if (raw.isEnum()) {
      assertEnum(schema, raw, path);
    } else if (raw.isRecord()) {
      assertRecord(root, raw, node, schema, path, seen);
    } else if (List.class.isAssignableFrom(raw)) {
      assertType(schema, "array", path);
      assertThat(schema.has("items")).as(path + " has items").isTrue();
      check(root, typeArgument(javaType, 0), schema.get("items"), path + "[]", seen);
    } else if (Map.class.isAssignableFrom(raw)) {
      assertMap(root, javaType, schema, path, seen);
    } else {
      throw new AssertionError(path + ": no schema rule for Java type " + javaType);
    }
  }

  private static void assertRecord(
      JsonNode root,
      Class<?> raw,
      JsonNode node,
      JsonNode schema,
      String path,
      Set<Class<?>> seen) {
    seen.add(raw);
    assertType(schema, "object", path);
    assertThat(
            schema.path("additionalProperties").isBoolean()
                && schema.path("additionalProperties").asBoolean())
        .as(path + " (" + raw.getSimpleName() + ") must be open: additionalProperties true")
        .isTrue();
    RecordComponent[] components = raw.getRecordComponents();
    Set<String> expected =
        Arrays.stream(components)
            .map(c -> SNAKE.translate(c.getName()))
            .collect(Collectors.toCollection(TreeSet::new));
    JsonNode properties = schema.path("properties");
    Set<String> declared = new TreeSet<>();
    properties.properties().forEach(e -> declared.add(e.getKey()));
    assertThat(declared).as(path + " properties of " + raw.getSimpleName()).isEqualTo(expected);
    // required names must be properties, both on the definition and on a $ref with siblings
    for (JsonNode holder : List.of(schema, node)) {
      for (JsonNode name : holder.path("required")) {
        assertThat(expected).as(path + " required").contains(name.asText());
      }
    }
    for (RecordComponent component : components) {
      String name = SNAKE.translate(component.getName());
      check(root, component.getGenericType(), properties.get(name), path + "." + name, seen);
    }
  }

  private static void assertMap(
      JsonNode root, Type javaType, JsonNode schema, String path, Set<Class<?>> seen) {
    assertType(schema, "object", path);
    assertThat(schema.path("properties").isMissingNode()).as(path + " is a map").isTrue();
    JsonNode values = schema.path("additionalProperties");
    assertThat(values.isObject()).as(path + " map values need a schema").isTrue();
    check(root, typeArgument(javaType, 1), values, path + "{}", seen);
    Class<?> keyType = raw(typeArgument(javaType, 0));
    JsonNode names = schema.path("propertyNames");
    if (keyType == String.class) {
      assertThat(names.isMissingNode()).as(path + " string keys are free").isTrue();
    } else if (keyType == Integer.class || keyType == Long.class) {
      assertThat(names.path("pattern").asText()).as(path + " integer keys").isEqualTo("^-?[0-9]+$");
    } else if (keyType.isEnum()) {
      assertEnum(SchemaSupport.resolve(root, names), keyType, path + " keys");
    } else {
      throw new AssertionError(path + ": no rule for map keys of " + keyType);
    }
  }

  private static void assertEnum(JsonNode schema, Class<?> enumType, String path) {
    assertType(schema, "string", path);
    List<String> listed =
        StreamSupport.stream(schema.path("enum").spliterator(), false)
            .map(JsonNode::asText)
            .toList();
    List<String> constants =
        Arrays.stream(enumType.getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList();
    assertThat(listed).as(path + " enum " + enumType.getSimpleName()).isEqualTo(constants);
  }

  /** A double is a JSON number, or (for DCGM gauges) a number or one of Jackson's NaN tokens. */
  private static void assertNumber(JsonNode schema, String path) {
    if (schema.has("anyOf")) {
      JsonNode anyOf = schema.get("anyOf");
      assertThat(anyOf.size()).as(path).isEqualTo(2);
      assertThat(anyOf.get(0).path("type").asText()).as(path).isEqualTo("number");
      assertThat(anyOf.get(1).path("enum").toString())
          .as(path)
          .isEqualTo("[\"NaN\",\"Infinity\",\"-Infinity\"]");
    } else {
      assertType(schema, "number", path);
    }
  }

  private static void assertType(JsonNode schema, String type, String path) {
    assertThat(schema.path("type").asText()).as(path + " type in " + schema).isEqualTo(type);
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    throw new AssertionError("unsupported type " + type);
  }

  private static Type typeArgument(Type type, int index) {
    return ((ParameterizedType) type).getActualTypeArguments()[index];
  }
}
