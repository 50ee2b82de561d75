package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.deploycheck.kustomize.YamlDocuments;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * charts/strata/README.md lists every key of values.yaml, and values.schema.json declares each: a
 * value nobody documented or validated is one nobody can review.
 */
class HelmValuesDocumentedTest {

  @Test
  void everyValueIsInTheReadmeTableAndTheSchema() {
    JsonNode values = YamlDocuments.readOne(HelmChart.CHART.resolve("values.yaml"));
    String readme = Repo.read(HelmChart.CHART.resolve("README.md"));
    JsonNode schema = readJson("values.schema.json");
    List<String> keys = new ArrayList<>();
    collect(values, "", keys);
    assertThat(keys).hasSizeGreaterThan(90);
    for (String key : keys) {
      assertThat(readme).as("README.md documents " + key).contains("| `" + key + "` |");
      JsonNode at = schema;
      for (String part : key.split("\\.")) {
        at = at.path("properties").path(part);
      }
      assertThat(at.isObject()).as("values.schema.json declares " + key).isTrue();
    }
  }

  /** Dotted paths down to the leaves; a service's {@code config} map is one value. */
  private static void collect(JsonNode node, String prefix, List<String> keys) {
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String key = prefix + field.getKey();
      JsonNode value = field.getValue();
      if (value.isObject() && !value.isEmpty() && !field.getKey().equals("config")) {
        collect(value, key + ".", keys);
      } else {
        keys.add(key);
      }
    }
  }

  private static JsonNode readJson(String file) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(HelmChart.CHART.resolve(file).toFile());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
