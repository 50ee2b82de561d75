package io.strata.deploycheck.kustomize;

import com.fasterxml.jackson.databind.JsonNode;

/** How kustomize tells objects apart: group/version, kind, namespace and name. */
public record ResourceId(String apiVersion, String kind, String namespace, String name) {

  public static ResourceId of(JsonNode object) {
    JsonNode metadata = object.path("metadata");
    return new ResourceId(
        object.path("apiVersion").asText(""),
        object.path("kind").asText(""),
        metadata.hasNonNull("namespace") ? metadata.get("namespace").asText() : null,
        metadata.path("name").asText(""));
  }

  /** True when a patch with this id addresses {@code target} (an absent namespace matches any). */
  public boolean addresses(ResourceId target) {
    return apiVersion.equals(target.apiVersion)
        && kind.equals(target.kind)
        && name.equals(target.name)
        && (namespace == null || namespace.equals(target.namespace));
  }

  @Override
  public String toString() {
    return apiVersion + " " + kind + " " + (namespace == null ? "" : namespace + "/") + name;
  }
}
