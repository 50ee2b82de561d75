package io.strata.deploycheck.kustomize;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Renders a kustomization the way {@code kubectl kustomize} would, for the subset deploy/ uses, and
 * fails on anything else rather than rendering it wrongly.
 *
 * <p>Supported fields: {@code resources} (files, multi-document, or directories holding a
 * kustomization.yaml, rendered first), {@code configMapGenerator} ({@code name}, {@code files} as
 * {@code path} or {@code key=path}, {@code literals}, {@code options.labels} and {@code
 * options.annotations}; {@code options.disableNameSuffixHash: true} is required, since the hash
 * suffix is not computed), {@code patches} ({@code path} only: strategic merge patches addressed by
 * apiVersion, kind and name, several per file, {@code $patch: delete} removes the object; see
 * {@link StrategicMerge}), {@code images} ({@code name}, {@code newName}, {@code newTag}, {@code
 * digest}; applied to every {@code containers} / {@code initContainers} list), and {@code
 * namespace} (set on every namespaced object). Order as in kustomize: resources, generators,
 * patches, images, namespace. Like kustomize's default load restrictor, files must lie inside the
 * kustomization's directory (resources may name other kustomization directories anywhere). Two
 * objects with the same id, a patch without a target and an unknown field are errors.
 */
public final class Kustomize {

  private static final Set<String> SUPPORTED =
      Set.of(
          "apiVersion",
          "kind",
          "namespace",
          "resources",
          "configMapGenerator",
          "patches",
          "images");

  /** Kinds without a namespace, among those deploy/ uses or could plausibly use. */
  private static final Set<String> CLUSTER_SCOPED =
      Set.of(
          "Namespace",
          "ClusterRole",
          "ClusterRoleBinding",
          "CustomResourceDefinition",
          "PersistentVolume",
          "StorageClass",
          "PriorityClass",
          "ValidatingWebhookConfiguration",
          "MutatingWebhookConfiguration");

  private final Set<Path> visitedFiles = new LinkedHashSet<>();

  /** Renders the kustomization in {@code directory}. */
  public static Rendering render(Path directory) {
    Kustomize kustomize = new Kustomize();
    List<ObjectNode> objects = kustomize.renderDirectory(directory.toAbsolutePath().normalize());
    return new Rendering(objects, Set.copyOf(kustomize.visitedFiles));
  }

  private List<ObjectNode> renderDirectory(Path directory) {
    Path file = directory.resolve("kustomization.yaml");
    if (!Files.isRegularFile(file)) {
      throw new KustomizeException(directory + " has no kustomization.yaml");
    }
    visitedFiles.add(file);
    ObjectNode kustomization = YamlDocuments.readOne(file);
    kustomization
        .fieldNames()
        .forEachRemaining(
            field -> {
              if (!SUPPORTED.contains(field)) {
                throw new KustomizeException(
                    file + ": unsupported kustomize field '" + field + "'");
              }
            });
    List<ObjectNode> objects = new ArrayList<>();
    for (JsonNode entry : kustomization.path("resources")) {
      Path resource = directory.resolve(entry.asText()).normalize();
      if (Files.isDirectory(resource)) {
        objects.addAll(renderDirectory(resource));
      } else {
        objects.addAll(readFile(directory, resource));
      }
    }
    for (JsonNode generator : kustomization.path("configMapGenerator")) {
      objects.add(configMap(directory, generator));
    }
    requireUniqueIds(file, objects);
    for (JsonNode patch : kustomization.path("patches")) {
      applyPatchFile(directory, patch, objects);
    }
    for (JsonNode image : kustomization.path("images")) {
      Images.apply(image, objects);
    }
    if (kustomization.hasNonNull("namespace")) {
      String namespace = kustomization.get("namespace").asText();
      objects.stream()
          .filter(o -> !CLUSTER_SCOPED.contains(o.path("kind").asText()))
          .forEach(o -> o.withObjectProperty("metadata").put("namespace", namespace));
    }
    return objects;
  }

  private List<ObjectNode> readFile(Path directory, Path file) {
    requireInside(directory, file);
    if (!Files.isRegularFile(file)) {
      throw new KustomizeException(directory + ": resource " + file + " does not exist");
    }
    visitedFiles.add(file);
    return YamlDocuments.read(file);
  }

  private ObjectNode configMap(Path directory, JsonNode generator) {
    Set<String> fields = Set.of("name", "files", "literals", "options");
    generator
        .fieldNames()
        .forEachRemaining(
            field -> {
              if (!fields.contains(field)) {
                throw new KustomizeException(
                    directory + ": unsupported configMapGenerator field '" + field + "'");
              }
            });
    JsonNode options = generator.path("options");
    if (!options.path("disableNameSuffixHash").asBoolean(false)) {
      throw new KustomizeException(
          directory + ": configMapGenerator needs options.disableNameSuffixHash: true");
    }
    JsonNodeFactory json = JsonNodeFactory.instance;
    ObjectNode configMap = json.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
    ObjectNode metadata = configMap.putObject("metadata");
    metadata.put("name", generator.path("name").asText());
    if (options.has("labels")) {
      metadata.set("labels", options.get("labels").deepCopy());
    }
    if (options.has("annotations")) {
      metadata.set("annotations", options.get("annotations").deepCopy());
    }
    ObjectNode data = configMap.putObject("data");
    for (JsonNode literal : generator.path("literals")) {
      String[] pair = literal.asText().split("=", 2);
      if (pair.length != 2) {
        throw new KustomizeException(directory + ": literal without '=': " + literal.asText());
      }
      data.put(pair[0], pair[1]);
    }
    for (JsonNode entry : generator.path("files")) {
      String[] pair = entry.asText().split("=", 2);
      Path file = directory.resolve(pair[pair.length - 1]).normalize();
      requireInside(directory, file);
      String key = pair.length == 2 ? pair[0] : file.getFileName().toString();
      try {
        data.put(key, Files.readString(file, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new KustomizeException(directory + ": cannot read " + file, e);
      }
      visitedFiles.add(file);
    }
    return configMap;
  }

  private void applyPatchFile(Path directory, JsonNode patch, List<ObjectNode> objects) {
    if (!patch.has("path") || patch.size() != 1) {
      throw new KustomizeException(directory + ": only 'patches: - path: <file>' is supported");
    }
    Path file = directory.resolve(patch.get("path").asText()).normalize();
    List<ObjectNode> documents = readFile(directory, file);
    if (documents.size() != 1) {
      throw new KustomizeException(
          file + ": kustomize's patches field takes one patch per file, found " + documents.size());
    }
    for (ObjectNode document : documents) {
      ResourceId id = ResourceId.of(document);
      List<ObjectNode> targets =
          objects.stream().filter(o -> id.addresses(ResourceId.of(o))).toList();
      if (targets.size() != 1) {
        throw new KustomizeException(
            file + ": patch for " + id + " matches " + targets.size() + " objects, not one");
      }
      ObjectNode target = targets.get(0);
      JsonNode directive = document.remove("$patch");
      if (directive != null) {
        if (!"delete".equals(directive.asText())) {
          throw new KustomizeException(file + ": unsupported $patch: " + directive.asText());
        }
        objects.remove(target);
      } else {
        ObjectNode body = document.deepCopy();
        body.remove("apiVersion");
        body.remove("kind");
        StrategicMerge.apply(target, body);
      }
    }
  }

  private static void requireUniqueIds(Path file, List<ObjectNode> objects) {
    Set<ResourceId> seen = new LinkedHashSet<>();
    for (ObjectNode object : objects) {
      if (!seen.add(ResourceId.of(object))) {
        throw new KustomizeException(file + ": " + ResourceId.of(object) + " is defined twice");
      }
    }
  }

  private static void requireInside(Path directory, Path file) {
    if (!file.startsWith(directory)) {
      throw new KustomizeException(
          file + " is not in or below " + directory + " (kustomize's load restrictor)");
    }
  }

  /** kustomize's images transformer over every containers / initContainers list. */
  static final class Images {

    private Images() {}

    static void apply(JsonNode image, List<ObjectNode> objects) {
      String name = image.path("name").asText("");
      if (name.isEmpty()) {
        throw new KustomizeException("an images entry has no name: " + image);
      }
      objects.forEach(object -> walk(object, image, name));
    }

    private static void walk(JsonNode node, JsonNode image, String name) {
      if (node.isObject()) {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
          String field = names.next();
          JsonNode child = node.get(field);
          if ((field.equals("containers") || field.equals("initContainers")) && child.isArray()) {
            for (JsonNode container : (ArrayNode) child) {
              rewrite((ObjectNode) container, image, name);
            }
          }
          walk(child, image, name);
        }
      } else if (node.isArray()) {
        node.forEach(child -> walk(child, image, name));
      }
    }

    private static void rewrite(ObjectNode container, JsonNode image, String name) {
      String current = container.path("image").asText("");
      int digestAt = current.indexOf('@');
      String withoutDigest = digestAt < 0 ? current : current.substring(0, digestAt);
      int tagAt = withoutDigest.lastIndexOf(':');
      boolean hasTag = tagAt > withoutDigest.lastIndexOf('/');
      String repository = hasTag ? withoutDigest.substring(0, tagAt) : withoutDigest;
      if (!repository.equals(name)) {
        return;
      }
      String tag = hasTag ? withoutDigest.substring(tagAt + 1) : null;
      String newRepository = image.path("newName").asText(repository);
      String newTag = image.path("newTag").asText(tag);
      String result = newRepository + (newTag == null ? "" : ":" + newTag);
      if (image.hasNonNull("digest")) {
        result = newRepository + "@" + image.get("digest").asText();
      }
      container.put("image", result);
    }
  }
}
