package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Container;
import io.strata.deploycheck.kustomize.Rendering;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Every environment variable deploy/ gives a service means something to it: a documented key of its
 * {@code strata.<service>.*} mapping (Quarkus maps STRATA_REMEDIATOR_DRY_RUN to
 * strata.remediator.dry-run), a variable its application.properties reads ({@code ${NAME:...}}), or
 * one of a few Quarkus/JVM settings.
 */
class ConfigKeysTest {

  static final List<String> OVERLAYS = Repo.OVERLAYS;

  private static final Set<String> PLATFORM =
      Set.of(
          "JAVA_TOOL_OPTIONS",
          "QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT",
          "QUARKUS_OTEL_SDK_DISABLED",
          // Kafka client security (docs/DEPLOY.md): Quarkus passes KAFKA_* to every Kafka client
          // as kafka.* properties; Kafka Streams has its own quarkus.kafka-streams.* keys.
          "KAFKA_SECURITY_PROTOCOL",
          "KAFKA_SASL_MECHANISM",
          "KAFKA_SASL_JAAS_CONFIG",
          "KAFKA_SSL_TRUSTSTORE_TYPE",
          "KAFKA_SSL_TRUSTSTORE_CERTIFICATES",
          "QUARKUS_KAFKA_STREAMS_SECURITY_PROTOCOL",
          "QUARKUS_KAFKA_STREAMS_SASL_MECHANISM",
          "QUARKUS_KAFKA_STREAMS_SASL_JAAS_CONFIG",
          "QUARKUS_KAFKA_STREAMS_SSL_TRUSTSTORE_TYPE",
          "QUARKUS_KAFKA_STREAMS_SSL_TRUSTSTORE_CERTIFICATES");
  private static final Pattern DOC_KEY = Pattern.compile("(?m)^\\| `([a-z0-9.<>A-Z_-]+)`");
  private static final Pattern PROPERTY_ENV = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)[:}]");

  @ParameterizedTest
  @FieldSource("OVERLAYS")
  void everyVariableIsAKeyTheServiceReads(String overlay) {
    Rendering rendering = Repo.overlay(overlay);
    Set<String> usedCommonKeys = new HashSet<>();
    for (String service : Repo.SERVICES) {
      Set<String> documented = documentedKeys(service);
      Set<String> referenced = referencedVariables(service);
      Container container = Workloads.of(rendering, service).containers().get(0);
      Set<String> names = new HashSet<>();
      container.getEnv().forEach(env -> names.add(env.getName()));
      container.getEnv().stream()
          .filter(env -> env.getValueFrom() != null)
          .map(env -> env.getValueFrom().getConfigMapKeyRef())
          .filter(ref -> ref != null && ref.getName().equals("strata-common"))
          .forEach(ref -> usedCommonKeys.add(ref.getKey()));
      rendering
          .find("v1", "ConfigMap", "strata-" + service)
          .ifPresent(map -> map.path("data").fieldNames().forEachRemaining(names::add));
      for (String name : names) {
        boolean known =
            PLATFORM.contains(name)
                || referenced.contains(name)
                || documented.contains(normalizedEnv(service, name));
        assertThat(known)
            .as(overlay + "/" + service + ": " + name + " is not a key of strata." + service)
            .isTrue();
      }
      JsonNode common = rendering.find("v1", "ConfigMap", "strata-common").orElseThrow();
      common
          .path("data")
          .fieldNames()
          .forEachRemaining(
              key -> {
                if (PLATFORM.contains(key) || referenced.contains(key)) {
                  usedCommonKeys.add(key);
                }
              });
    }
    JsonNode common = rendering.find("v1", "ConfigMap", "strata-common").orElseThrow();
    common
        .path("data")
        .fieldNames()
        .forEachRemaining(
            key -> assertThat(usedCommonKeys).as(overlay + ": strata-common " + key).contains(key));
  }

  @Test
  void theSecretDocsDeployMdCreatesHoldsKeysTheRemediatorReads() {
    String whole = Repo.read(Repo.ROOT.resolve("docs/DEPLOY.md"));
    // The remediator's Secret only: the command block that creates strata-remediator.
    int start = whole.indexOf("create secret generic strata-remediator");
    String guide = whole.substring(start, whole.indexOf("```", start));
    Matcher literal = Pattern.compile("--from-literal=([A-Z][A-Z0-9_]*)=").matcher(guide);
    Set<String> names = new HashSet<>();
    while (literal.find()) {
      names.add(literal.group(1));
    }
    assertThat(names)
        .contains(
            "SLACK_WEBHOOK_URL", "SLACK_SIGNING_SECRET", "STRATA_REMEDIATOR_SLACK_ALLOWED_USERS");
    Set<String> documented = documentedKeys("remediator");
    Set<String> referenced = referencedVariables("remediator");
    for (String name : names) {
      String key = normalizedEnv("remediator", name);
      boolean known =
          referenced.contains(name)
              || documented.contains(key)
              || documented.stream()
                  .filter(d -> d.endsWith(WILDCARD))
                  .anyMatch(d -> key.startsWith(d.substring(0, d.length() - WILDCARD.length())));
      assertThat(known).as("docs/DEPLOY.md Secret key " + name).isTrue();
    }
  }

  /** The keys of the configuration table(s) of docs/services/<service>.md, normalised. */
  static Set<String> documentedKeys(String service) {
    String doc = Repo.read(Repo.ROOT.resolve("docs/services/" + service + ".md"));
    Set<String> keys = new HashSet<>();
    Matcher matcher = DOC_KEY.matcher(doc);
    while (matcher.find()) {
      String key = matcher.group(1);
      String prefix = "strata." + service + ".";
      keys.add(normalized(key.startsWith(prefix) ? key.substring(prefix.length()) : key));
    }
    return keys;
  }

  private static Set<String> referencedVariables(String service) {
    Set<String> variables = new HashSet<>();
    for (Object value : Repo.applicationProperties(service).values()) {
      Matcher matcher = PROPERTY_ENV.matcher(value.toString());
      while (matcher.find()) {
        variables.add(matcher.group(1));
      }
    }
    return variables;
  }

  private static String normalizedEnv(String service, String name) {
    String prefix = "STRATA_" + service.toUpperCase(Locale.ROOT).replace('-', '_') + "_";
    return name.startsWith(prefix) ? normalized(name.substring(prefix.length())) : "";
  }

  /** A documented map key such as {@code api.tokens.<principal>} normalises to this suffix. */
  private static final String WILDCARD = "*";

  private static String normalized(String key) {
    return key.replaceAll("<[^>]*>", WILDCARD)
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^a-z0-9*]", "");
  }
}
