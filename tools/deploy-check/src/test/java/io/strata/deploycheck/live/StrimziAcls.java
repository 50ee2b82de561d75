package io.strata.deploycheck.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/**
 * Turns Strimzi KafkaUser resources (kafka.strimzi.io/v1beta2, {@code spec.authorization} of type
 * {@code simple}) into the Kafka ACL bindings the User Operator creates for them: one binding per
 * operation, principal {@code User:<metadata.name>}. Strimzi's AclRule schema: resource type topic,
 * group, cluster or transactionalId; patternType literal or prefix; {@code type} allow (the
 * default) or deny; {@code host} "*" unless set.
 */
public final class StrimziAcls {

  private static final YAMLMapper YAML = new YAMLMapper();

  private StrimziAcls() {}

  /** The bindings of every KafkaUser in {@code yaml}, by user name, in file order. */
  public static Map<String, List<AclBinding>> byUser(String yaml) {
    Map<String, List<AclBinding>> users = new LinkedHashMap<>();
    try (MappingIterator<JsonNode> documents = YAML.readerFor(JsonNode.class).readValues(yaml)) {
      while (documents.hasNext()) {
        JsonNode user = documents.next();
        if (user == null || !"KafkaUser".equals(user.path("kind").asText())) {
          continue;
        }
        String name = user.at("/metadata/name").asText();
        if (!"simple".equals(user.at("/spec/authorization/type").asText())) {
          throw new IllegalArgumentException(name + ": authorization is not simple");
        }
        List<AclBinding> bindings = new ArrayList<>();
        for (JsonNode rule : user.at("/spec/authorization/acls")) {
          bindings.addAll(bindings(name, rule));
        }
        users.put(name, List.copyOf(bindings));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return users;
  }

  private static List<AclBinding> bindings(String user, JsonNode rule) {
    JsonNode resource = rule.path("resource");
    String type = resource.path("type").asText();
    ResourcePattern pattern =
        new ResourcePattern(
            resourceType(type),
            type.equals("cluster") ? "kafka-cluster" : resource.path("name").asText(),
            switch (resource.path("patternType").asText("literal")) {
              case "literal" -> PatternType.LITERAL;
              case "prefix" -> PatternType.PREFIXED;
              default -> throw new IllegalArgumentException(user + ": patternType " + resource);
            });
    AclPermissionType permission =
        switch (rule.path("type").asText("allow")) {
          case "allow" -> AclPermissionType.ALLOW;
          case "deny" -> AclPermissionType.DENY;
          default -> throw new IllegalArgumentException(user + ": rule type " + rule);
        };
    List<AclBinding> bindings = new ArrayList<>();
    for (JsonNode operation : rule.path("operations")) {
      bindings.add(
          new AclBinding(
              pattern,
              new AccessControlEntry(
                  "User:" + user,
                  rule.path("host").asText("*"),
                  operation(operation.asText()),
                  permission)));
    }
    return bindings;
  }

  private static ResourceType resourceType(String type) {
    return switch (type) {
      case "topic" -> ResourceType.TOPIC;
      case "group" -> ResourceType.GROUP;
      case "cluster" -> ResourceType.CLUSTER;
      case "transactionalId" -> ResourceType.TRANSACTIONAL_ID;
      default -> throw new IllegalArgumentException("Strimzi ACL resource type " + type);
    };
  }

  /** Strimzi spells operations in CamelCase (DescribeConfigs); Kafka's enum is DESCRIBE_CONFIGS. */
  static AclOperation operation(String strimzi) {
    String upper = strimzi.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    AclOperation operation = AclOperation.fromString(upper);
    if (operation == AclOperation.UNKNOWN) {
      throw new IllegalArgumentException("Strimzi ACL operation " + strimzi);
    }
    return operation;
  }
}
