package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.deploycheck.kustomize.YamlDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kustomize subset renders each overlay as real kustomize does (issue 19: it had drifted). The
 * golden files are {@code kubectl kustomize deploy/overlays/<overlay>} output (kubectl v1.32.4,
 * kustomize v5.5.0), committed; docs/DEPLOY.md, "Checking the manifests offline", says how to
 * regenerate them. Compared semantically: the same objects by apiVersion, kind, namespace and name,
 * each with the same fields and values (YAML formatting and key order aside).
 */
class KustomizeGoldenTest {

  private static final Path GOLDEN = Path.of("src/test/resources/kustomize-golden");

  @ParameterizedTest
  @ValueSource(strings = {"plain", "knative", "local"})
  void theSubsetRendersEachOverlayExactlyAsTheCommittedKustomizeOutput(String overlay)
      throws IOException {
    List<ObjectNode> golden = YamlDocuments.read(GOLDEN.resolve(overlay + ".yaml"));
    assertSameObjects(overlay + " (golden)", Repo.overlay(overlay).objects(), golden);
  }

  @ParameterizedTest
  @ValueSource(strings = {"plain", "knative", "local"})
  void theSubsetMatchesLiveKubectlKustomizeWhenKubectlIsOnThePathElseSkipped(String overlay)
      throws Exception {
    Path kubectl = onPath("kubectl");
    assumeTrue(kubectl != null, "kubectl is not on PATH: live kustomize comparison skipped");
    Path out = Files.createTempFile("kustomize-" + overlay, ".yaml");
    try {
      Process process =
          new ProcessBuilder(
                  kubectl.toString(),
                  "kustomize",
                  Repo.DEPLOY.resolve("overlays").resolve(overlay).toString())
              .redirectOutput(out.toFile())
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as("kubectl kustomize exit code").isZero();
      List<ObjectNode> live = YamlDocuments.read(out);
      assertSameObjects(overlay + " (live kubectl)", Repo.overlay(overlay).objects(), live);
    } finally {
      Files.deleteIfExists(out);
    }
  }

  private static void assertSameObjects(
      String where, List<ObjectNode> subset, List<ObjectNode> kustomize) {
    Map<String, ObjectNode> ours = byId(subset);
    Map<String, ObjectNode> theirs = byId(kustomize);
    assertThat(ours.keySet()).as(where + ": object ids").isEqualTo(theirs.keySet());
    List<String> differences = new ArrayList<>();
    theirs.forEach((id, expected) -> differences.addAll(diff(id, "", expected, ours.get(id))));
    assertThat(differences).as(where + ": fields that differ").isEmpty();
  }

  private static Map<String, ObjectNode> byId(List<ObjectNode> objects) {
    Map<String, ObjectNode> byId = new TreeMap<>();
    for (ObjectNode object : objects) {
      String id =
          String.join(
              " ",
              object.path("apiVersion").asText(),
              object.path("kind").asText(),
              object.path("metadata").path("namespace").asText("-"),
              object.path("metadata").path("name").asText());
      assertThat(byId.put(id, object)).as("duplicate " + id).isNull();
    }
    return byId;
  }

  /** Paths where two trees differ, e.g. {@code Deployment x: spec.replicas: 2 != 1}. */
  private static List<String> diff(String id, String path, JsonNode expected, JsonNode actual) {
    List<String> out = new ArrayList<>();
    if (expected.isObject() && actual != null && actual.isObject()) {
      List<String> names = new ArrayList<>();
      expected.fieldNames().forEachRemaining(names::add);
      for (Iterator<String> it = actual.fieldNames(); it.hasNext(); ) {
        String name = it.next();
        if (!expected.has(name)) {
          names.add(name);
        }
      }
      for (String name : names) {
        JsonNode theirs = expected.get(name);
        JsonNode ours = actual.get(name);
        String at = path.isEmpty() ? name : path + "." + name;
        if (theirs == null || ours == null) {
          out.add(id + ": " + at + ": kustomize " + theirs + ", subset " + ours);
        } else {
          out.addAll(diff(id, at, theirs, ours));
        }
      }
    } else if (!expected.equals(actual)) {
      out.add(id + ": " + path + ": kustomize " + expected + ", subset " + actual);
    }
    return out;
  }

  private static Path onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      Path candidate = Path.of(dir, program);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
