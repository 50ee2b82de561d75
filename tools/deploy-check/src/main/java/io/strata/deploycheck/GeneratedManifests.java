package io.strata.deploycheck;

import io.strata.deploycheck.acl.KafkaUserManifests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rewrites every generated file of deploy/ and charts/strata/files: the KafkaTopics from the topic
 * descriptors and the KafkaUsers from the service access table. Run: {@code cd tools/deploy-check
 * && mvn -o -q compile exec:java}.
 */
public final class GeneratedManifests {

  private GeneratedManifests() {}

  /** File (relative to the repository root) → its generated text. */
  public static Map<String, String> files() {
    Map<String, String> files = new TreeMap<>();
    TopicManifests.FILES.forEach(
        (file, replicas) -> files.put(file, TopicManifests.render(replicas)));
    files.put(KafkaUserManifests.FILE, KafkaUserManifests.render(usersHeader()));
    // The chart renders its KafkaUsers from the same generated file (its own copy: Helm reads only
    // files inside the chart).
    files.put(KafkaUserManifests.CHART_FILE, KafkaUserManifests.render(usersHeader()));
    return files;
  }

  /** The header of the generated KafkaUser file. */
  static String usersHeader() {
    return "# GENERATED from io.strata.deploycheck.acl.KafkaAccess: do not edit.\n"
        + "# Regenerate: "
        + TopicManifests.REGENERATE_COMMAND
        + '\n';
  }

  /** Writes every generated file under {@code args[0]} (the repository root). */
  public static void main(String[] args) {
    Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
    files()
        .forEach(
            (file, text) -> {
              Path target = root.resolve(file);
              try {
                Files.createDirectories(target.getParent());
                Files.writeString(target, text, StandardCharsets.UTF_8);
              } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + target, e);
              }
              System.out.println("wrote " + target);
            });
  }
}
