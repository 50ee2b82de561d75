package io.strata.events;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.strata.events.json.StrataJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/** Loads the shipped JSON Schemas and walks them alongside instances. */
public final class SchemaSupport {

  public static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

  /** Format assertions on: a date-time that is not RFC 3339 is an error, not an annotation. */
  private static final SchemaValidatorsConfig CONFIG =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();

  private static final Map<EventType, JsonSchema> SCHEMAS = new ConcurrentHashMap<>();

  private SchemaSupport() {}

  /** The raw schema document of an event type, read from the classpath. */
  public static JsonNode document(EventType type) {
    try (InputStream in =
        SchemaSupport.class.getClassLoader().getResourceAsStream(type.schemaResource())) {
      if (in == null) {
        throw new IllegalStateException("no schema resource " + type.schemaResource());
      }
      return StrataJson.mapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static JsonSchema schema(EventType type) {
    return SCHEMAS.computeIfAbsent(
        type, t -> FACTORY.getSchema(SchemaLocation.of("classpath:" + t.schemaResource()), CONFIG));
  }

  public static Set<ValidationMessage> validate(EventType type, JsonNode instance) {
    return schema(type).validate(instance);
  }

  public static Set<ValidationMessage> validate(EventType type, String json) {
    return schema(type).validate(json, InputFormat.JSON);
  }

  /** The JSON Schema 2020-12 meta-schema (shipped inside the validator, not fetched). */
  public static JsonSchema metaSchema() {
    return FACTORY.getSchema(SchemaLocation.of(DRAFT_2020_12), CONFIG);
  }

  /** Follows a local {@code $ref} ({@code #/$defs/...}); any other node is returned as is. */
  public static JsonNode resolve(JsonNode root, JsonNode schema) {
    JsonNode current = schema;
    for (int hops = 0; current.has("$ref"); hops++) {
      String ref = current.get("$ref").asText();
      if (!ref.startsWith("#/") || hops > 16) {
        throw new IllegalStateException("unsupported $ref " + ref);
      }
      current = root.at(ref.substring(1));
      if (current.isMissingNode()) {
        throw new IllegalStateException("dangling $ref " + ref);
      }
    }
    return current;
  }

  /**
   * JSON Pointers of every value in {@code instance} whose (resolved) schema matches {@code which},
   * found by walking object properties and array items; map values are walked through {@code
   * additionalProperties} schemas.
   */
  public static List<JsonPointer> find(
      JsonNode root, JsonNode instance, Predicate<JsonNode> which) {
    List<JsonPointer> found = new ArrayList<>();
    walk(root, root, instance, JsonPointer.empty(), which, found);
    return found;
  }

  private static void walk(
      JsonNode root,
      JsonNode schemaNode,
      JsonNode instance,
      JsonPointer at,
      Predicate<JsonNode> which,
      List<JsonPointer> found) {
    JsonNode schema = resolve(root, schemaNode);
    if (which.test(schema)) {
      found.add(at);
    }
    if (instance.isObject()) {
      JsonNode properties = schema.path("properties");
      JsonNode additional = schema.path("additionalProperties");
      for (Map.Entry<String, JsonNode> field : instance.properties()) {
        JsonNode child = properties.get(field.getKey());
        if (child == null && additional.isObject()) {
          child = additional;
        }
        if (child != null) {
          walk(root, child, field.getValue(), at.appendProperty(field.getKey()), which, found);
        }
      }
    } else if (instance.isArray() && schema.has("items")) {
      for (int i = 0; i < instance.size(); i++) {
        walk(root, schema.get("items"), instance.get(i), at.appendIndex(i), which, found);
      }
    }
  }

  /** A deep copy of {@code document} with the value at {@code at} replaced (or removed if null). */
  public static JsonNode with(JsonNode document, JsonPointer at, JsonNode value) {
    JsonNode copy = document.deepCopy();
    JsonNode parent = copy.at(at.head());
    if (parent instanceof ObjectNode object) {
      if (value == null) {
        object.remove(at.last().getMatchingProperty());
      } else {
        object.set(at.last().getMatchingProperty(), value);
      }
    } else if (parent instanceof ArrayNode array) {
      if (value == null) {
        array.remove(at.last().getMatchingIndex());
      } else {
        array.set(at.last().getMatchingIndex(), value);
      }
    } else {
      throw new IllegalArgumentException("no container at " + at.head() + " in " + document);
    }
    return copy;
  }
}
