package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deploycheck.acl.KafkaAccess;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The access table the KafkaUsers are generated from is what each service's code and config name:
 * every topic a service's sources or application.properties name has an ACL (or is listed as named
 * but unused), no ACL names a topic the service never names, and its channels, consumer groups and
 * Kafka Streams application id agree with the table.
 */
class KafkaAclsTest {

  static final List<KafkaAccess> ACCESS = KafkaAccess.ALL;

  private static final Pattern TOPIC_CONSTANT = Pattern.compile("\\bTopics\\.([A-Z][A-Z0-9_]*)\\b");
  private static final Pattern TOPIC_PROPERTY =
      Pattern.compile("\\$\\{strata\\.topic\\.([a-z0-9-]+)}");

  @Test
  void theGeneratedFilesAreUpToDate() {
    GeneratedManifests.files()
        .forEach(
            (file, text) ->
                assertThat(Repo.read(Repo.ROOT.resolve(file)))
                    .as(
                        file
                            + " is out of date; regenerate it: "
                            + TopicManifests.REGENERATE_COMMAND)
                    .isEqualTo(text));
  }

  @Test
  void everyStrataClientOfKafkaHasAUserAndNoOtherDoes() {
    Set<String> kafkaClients = new TreeSet<>();
    for (String service : servicesWithSources()) {
      if (namedTopics(service).size() > 0) {
        kafkaClients.add(service);
      }
    }
    assertThat(ACCESS.stream().map(KafkaAccess::service).toList())
        .containsExactlyInAnyOrderElementsOf(kafkaClients);
  }

  @ParameterizedTest
  @FieldSource("ACCESS")
  void theAclsCoverEveryTopicTheServiceNamesAndNothingMore(KafkaAccess access) {
    Set<String> declared = new TreeSet<>(access.topicNames());
    access.namedButNotUsed().forEach(t -> declared.add(t.name()));
    assertThat(declared)
        .as(
            access.service()
                + ": topics in KafkaAccess (ACLs + named but unused) against the topics its"
                + " sources (Topics.X) and application.properties (${strata.topic.x}) name")
        .containsExactlyInAnyOrderElementsOf(namedTopics(access.service()));
    assertThat(access.namedButNotUsed().stream().map(Topic::name))
        .as(access.service() + ": a topic with an ACL is not also listed as unused")
        .doesNotContainAnyElementsOf(access.topicNames());
  }

  @ParameterizedTest
  @FieldSource("ACCESS")
  void theChannelsGroupsAndStreamsApplicationAreTheTables(KafkaAccess access) {
    Properties properties = Repo.applicationProperties(access.service());
    Set<String> produced = names(access.produces());
    Set<String> consumed = names(access.consumes());
    Set<String> groups = new TreeSet<>();
    for (String key : properties.stringPropertyNames()) {
      String value = properties.getProperty(key);
      if (key.matches("mp\\.messaging\\.incoming\\.[^.]+\\.topic")) {
        assertThat(consumed).as(access.service() + " " + key).contains(resolve(value));
      } else if (key.matches("mp\\.messaging\\.outgoing\\.[^.]+\\.topic")) {
        assertThat(produced).as(access.service() + " " + key).contains(resolve(value));
      } else if (key.matches("mp\\.messaging\\.incoming\\.[^.]+\\.group\\.id")) {
        groups.add(value);
      } else if (key.equals("quarkus.kafka-streams.topics")) {
        for (String topic : value.split(",")) {
          assertThat(consumed).as(access.service() + " " + key).contains(resolve(topic.trim()));
        }
      }
    }
    assertThat(groups)
        .as(access.service() + ": consumer groups")
        .isEqualTo(Set.copyOf(access.groups()));
    assertThat(access.streamsApplicationId())
        .as(access.service() + ": quarkus.kafka-streams.application-id")
        .isEqualTo(
            java.util.Optional.ofNullable(
                properties.getProperty("quarkus.kafka-streams.application-id")));
  }

  /** The topics a service's main sources and application.properties name. */
  static Set<String> namedTopics(String service) {
    Set<String> names = new TreeSet<>();
    Matcher constants = TOPIC_CONSTANT.matcher(Repo.mainSources(service));
    while (constants.find()) {
      String constant = constants.group(1);
      try {
        Object topic = Topics.class.getField(constant).get(null);
        names.add(((Topic<?, ?>) topic).name());
      } catch (NoSuchFieldException e) {
        // Topics.all(), Topics.byName(...): not a topic constant.
      } catch (IllegalAccessException e) {
        throw new AssertionError(e);
      }
    }
    // The shared dead-letter records (libs/kafka-support) always go to the dead-letter topic.
    if (Repo.mainSources(service).contains("io.strata.kafka.deadletter.")) {
      names.add(Topics.DEADLETTER.name());
    }
    for (Object value : Repo.applicationProperties(service).values()) {
      Matcher property = TOPIC_PROPERTY.matcher(value.toString());
      while (property.find()) {
        names.add(byId(property.group(1)).name());
      }
    }
    return names;
  }

  private static String resolve(String value) {
    Matcher property = TOPIC_PROPERTY.matcher(value);
    return property.matches() ? byId(property.group(1)).name() : value;
  }

  private static Topic<?, ?> byId(String id) {
    return Topics.all().stream()
        .filter(t -> t.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no topic strata.topic." + id));
  }

  private static Set<String> names(List<Topic<?, ?>> topics) {
    Set<String> names = new TreeSet<>();
    topics.forEach(t -> names.add(t.name()));
    return names;
  }

  private static List<String> servicesWithSources() {
    try (var dirs = java.nio.file.Files.list(Repo.ROOT.resolve("services"))) {
      return dirs.filter(d -> java.nio.file.Files.isDirectory(d.resolve("src/main/java")))
          .map(d -> d.getFileName().toString())
          .sorted()
          .toList();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
