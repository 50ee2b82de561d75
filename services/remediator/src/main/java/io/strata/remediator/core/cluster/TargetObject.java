package io.strata.remediator.core.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.TargetRef;
import java.util.Optional;

/** A Kubernetes object as read from the API server, as a JSON tree. */
public record TargetObject(TargetRef ref, ObjectNode body) {

  public String resourceVersion() {
    return text(body.path("metadata").path("resourceVersion")).orElse(null);
  }

  public Optional<String> annotation(String key) {
    return text(body.path("metadata").path("annotations").path(key));
  }

  /** The node at a path of field names, missing when any step is absent. */
  public JsonNode at(String... path) {
    JsonNode node = body;
    for (String field : path) {
      node = node.path(field);
    }
    return node;
  }

  private static Optional<String> text(JsonNode node) {
    return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
  }
}
