package io.strata.deploycheck;

import io.strata.deploycheck.kustomize.Kustomize;
import io.strata.deploycheck.kustomize.Rendering;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** The repository this module checks: deploy/, and what the services declare. */
final class Repo {

  static final Path ROOT =
      Path.of(System.getProperty("strata.repo.root", "../..")).toAbsolutePath().normalize();
  static final Path DEPLOY = ROOT.resolve("deploy");

  /** The five services, by directory name under services/. */
  static final List<String> SERVICES =
      List.of("device-ingest", "k8s-watcher", "trace-ingest", "correlator", "remediator");

  /** The services whose code calls the Kubernetes API (the others get no token). */
  static final List<String> KUBERNETES_CLIENTS =
      List.of("device-ingest", "k8s-watcher", "remediator");

  static final List<String> OVERLAYS = List.of("plain", "knative", "local");

  private static final Map<String, Rendering> RENDERED = new ConcurrentHashMap<>();

  private Repo() {}

  /** The rendered overlay (rendered once per test run). */
  static Rendering overlay(String name) {
    return RENDERED.computeIfAbsent(
        name, n -> Kustomize.render(DEPLOY.resolve("overlays").resolve(n)));
  }

  /** A service's src/main/resources/application.properties, without profile resolution. */
  static Properties applicationProperties(String service) {
    Path file =
        ROOT.resolve("services")
            .resolve(service)
            .resolve("src/main/resources/application.properties");
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties;
  }

  /** The text of every Java source under services/<service>/src/main. */
  static String mainSources(String service) {
    Path main = ROOT.resolve("services").resolve(service).resolve("src/main/java");
    try (Stream<Path> files = Files.walk(main)) {
      StringBuilder text = new StringBuilder();
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        text.append(Files.readString(file, StandardCharsets.UTF_8)).append('\n');
      }
      return text.toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
