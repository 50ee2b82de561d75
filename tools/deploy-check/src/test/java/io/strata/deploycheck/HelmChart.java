package io.strata.deploycheck;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import io.strata.deploycheck.kustomize.Rendering;
import io.strata.deploycheck.kustomize.YamlDocuments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * charts/strata rendered by real Helm (helm-java runs Helm's own Go library in-process), as {@code
 * helm template strata charts/strata -n strata -f <profile>.yaml} would.
 */
final class HelmChart {

  static final Path CHART = Repo.ROOT.resolve("charts/strata");
  static final Path PROFILES = Path.of("src/test/resources/helm-profiles");
  static final String RELEASE = "strata";
  static final String NAMESPACE = "strata";

  /** The values profiles every check runs over (src/test/resources/helm-profiles). */
  static final List<String> PROFILES_ALL =
      List.of(
          "default",
          "existing-kafka-scram-tls",
          "strimzi",
          "knative",
          "sizing-10k",
          "console-off",
          "pagerduty",
          "remediation-policy");

  private static final Map<String, Rendering> RENDERED = new ConcurrentHashMap<>();

  private HelmChart() {}

  /** The profile's rendering (rendered once per test run). */
  static Rendering profile(String name) {
    return RENDERED.computeIfAbsent(
        name, n -> parse(template(PROFILES.resolve(n + ".yaml").toAbsolutePath())));
  }

  /** {@code helm template}'s output; Helm's error (schema, fail) as an IllegalStateException. */
  static String template(Path valuesFile) {
    return new Helm(CHART)
        .template()
        .withName(RELEASE)
        .withNamespace(NAMESPACE)
        .withValuesFile(valuesFile)
        .call();
  }

  /** {@code helm lint --strict} of the chart with its own values. */
  static LintResult lint() {
    return new Helm(CHART).lint().strict().call();
  }

  /** The objects of a YAML stream; empty documents (a disabled template) are left out. */
  static Rendering parse(String yaml) {
    List<ObjectNode> objects = new ArrayList<>();
    try (JsonParser parser = YamlDocuments.mapper().createParser(yaml);
        MappingIterator<JsonNode> documents =
            YamlDocuments.mapper().readValues(parser, JsonNode.class)) {
      while (documents.hasNextValue()) {
        JsonNode document = documents.nextValue();
        if (document instanceof ObjectNode object && !object.isEmpty()) {
          objects.add(object);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("helm template output is not YAML", e);
    }
    return new Rendering(objects, Set.of());
  }
}
