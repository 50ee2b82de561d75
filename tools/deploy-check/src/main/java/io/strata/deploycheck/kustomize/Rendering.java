package io.strata.deploycheck.kustomize;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The objects a kustomization renders to, and every file it read (to find files no overlay uses).
 */
public record Rendering(List<ObjectNode> objects, Set<Path> files) {

  public Rendering {
    objects = List.copyOf(objects);
    files = Set.copyOf(files);
  }

  /** The objects of one kind. */
  public List<ObjectNode> ofKind(String apiVersion, String kind) {
    return objects.stream()
        .filter(o -> apiVersion.equals(o.path("apiVersion").asText()))
        .filter(o -> kind.equals(o.path("kind").asText()))
        .toList();
  }

  /** The object of a kind with a name, if rendered. */
  public Optional<ObjectNode> find(String apiVersion, String kind, String name) {
    return ofKind(apiVersion, kind).stream()
        .filter(o -> name.equals(o.path("metadata").path("name").asText()))
        .findFirst();
  }
}
