package io.strata.remediator.core.patch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Kubernetes objects and patches as JSON trees (camelCase, unlike Strata's events). */
public final class KubeJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private KubeJson() {}

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  public static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }

  /** Parses a JSON object, or fails with IllegalArgumentException naming the problem. */
  public static ObjectNode parseObject(String json) {
    try {
      JsonNode node = MAPPER.readTree(json);
      if (node instanceof ObjectNode object) {
        return object;
      }
      throw new IllegalArgumentException("not a JSON object: " + json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("malformed JSON: " + e.getOriginalMessage(), e);
    }
  }

  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
