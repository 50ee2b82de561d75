package io.strata.deploycheck.kustomize;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the documents of a (multi-document) YAML file as Jackson trees. */
public final class YamlDocuments {

  private static final YAMLMapper YAML = new YAMLMapper();

  private YamlDocuments() {}

  /** Every non-empty document of the file; a document that is not a mapping is an error. */
  public static List<ObjectNode> read(Path file) {
    List<ObjectNode> documents = new ArrayList<>();
    try (JsonParser parser = YAML.createParser(file.toFile());
        MappingIterator<JsonNode> iterator = YAML.readValues(parser, JsonNode.class)) {
      while (iterator.hasNextValue()) {
        JsonNode document = iterator.nextValue();
        if (document == null || document.isNull() || document.isMissingNode()) {
          continue;
        }
        if (!(document instanceof ObjectNode object)) {
          throw new KustomizeException(file + ": a document is not a mapping: " + document);
        }
        documents.add(object);
      }
    } catch (IOException e) {
      throw new KustomizeException(file + ": not readable YAML: " + e.getMessage(), e);
    }
    return documents;
  }

  /** The single document of a file that must hold exactly one. */
  public static ObjectNode readOne(Path file) {
    List<ObjectNode> documents = read(file);
    if (documents.size() != 1) {
      throw new KustomizeException(file + ": expected one document, found " + documents.size());
    }
    return documents.get(0);
  }

  /** The shared YAML mapper (trees only). */
  public static YAMLMapper mapper() {
    return YAML;
  }
}
