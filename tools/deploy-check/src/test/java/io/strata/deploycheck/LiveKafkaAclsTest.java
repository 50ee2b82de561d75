package io.strata.deploycheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.deploycheck.acl.KafkaUserManifests;
import io.strata.deploycheck.live.KafkaProbe;
import io.strata.deploycheck.live.SecuredKafka;
import io.strata.deploycheck.live.StrimziAcls;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kafka as deploy/ configures it, live: a real KRaft broker whose only client listener is SASL_SSL
 * with SCRAM-SHA-512 over a test-time CA, the StandardAuthorizer denying what no ACL allows, each
 * KafkaUser of deploy/base/kafka/users.yaml created with its own password and exactly the ACLs the
 * file gives it. Every service does what its ACLs describe with its own user, and the broker
 * refuses it every other topic, another service's user name without that user's password, and
 * another service's group, transactional ids and internal topics.
 */
class LiveKafkaAclsTest {

  private static SecuredKafka kafka;
  private static Map<String, List<AclBinding>> acls;
  private static final Map<String, String> PASSWORDS = new LinkedHashMap<>();

  @BeforeAll
  static void startTheBrokerWithTheGeneratedUsers() throws Exception {
    acls = StrimziAcls.byUser(Repo.read(Repo.ROOT.resolve(KafkaUserManifests.FILE)));
    acls.keySet().forEach(user -> PASSWORDS.put(user, SecuredKafka.password()));
    kafka = SecuredKafka.start();
    List<UserScramCredentialAlteration> credentials = new ArrayList<>();
    PASSWORDS.forEach((user, password) -> credentials.add(scram(user, password)));
    List<AclBinding> bindings = acls.values().stream().flatMap(List::stream).toList();
    try (Admin admin = Admin.create(kafka.admin())) {
      admin.alterUserScramCredentials(credentials).all().get();
      admin.createAcls(bindings).all().get();
      admin
          .createTopics(
              Topics.all().stream().map(t -> new NewTopic(t.name(), 1, (short) 1)).toList())
          .all()
          .get();
      // Credentials and ACLs reach the broker through the metadata log, a moment later.
      await()
          .atMost(Duration.ofSeconds(20))
          .pollInterval(Duration.ofMillis(100))
          .until(
              () ->
                  admin.describeAcls(AclBindingFilter.ANY).values().get().size() == bindings.size()
                      && admin.describeUserScramCredentials().all().get().size()
                          == PASSWORDS.size());
    }
    for (Topic<?, ?> topic : Topics.all()) {
      KafkaProbe.produce(kafka.admin(), topic.name(), true);
    }
  }

  @AfterAll
  static void stop() {
    if (kafka != null) {
      kafka.close();
    }
  }

  static List<String> users() {
    return List.copyOf(
        StrimziAcls.byUser(Repo.read(Repo.ROOT.resolve(KafkaUserManifests.FILE))).keySet());
  }

  @Test
  void everyServiceHasAUserWithAcls() {
    assertThat(acls.keySet())
        .containsExactly(
            "strata-device-ingest-kafka",
            "strata-k8s-watcher-kafka",
            "strata-trace-ingest-kafka",
            "strata-correlator-kafka",
            "strata-remediator-kafka",
            "strata-console-kafka");
    acls.forEach((user, bindings) -> assertThat(bindings).as(user).isNotEmpty());
  }

  @ParameterizedTest
  @MethodSource("users")
  void eachServiceDoesWhatItsAclsAllowWithItsOwnUser(String user) throws Exception {
    var client = client(user);
    Map<ResourcePattern, Set<AclOperation>> allowed = allowed(user);
    for (var entry : allowed.entrySet()) {
      ResourcePattern pattern = entry.getKey();
      Set<AclOperation> operations = entry.getValue();
      boolean literal = pattern.patternType() == PatternType.LITERAL;
      switch (pattern.resourceType()) {
        case TOPIC -> {
          String topic = literal ? pattern.name() : pattern.name() + "-live-check-changelog";
          if (!literal) {
            assertThat(operations).as(user + " " + pattern).contains(AclOperation.CREATE);
            try (Admin admin = Admin.create(client)) {
              admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
              if (operations.contains(AclOperation.DESCRIBE_CONFIGS)) {
                ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
                assertThat(admin.describeConfigs(List.of(resource)).all().get()).hasSize(1);
              }
            }
          }
          if (operations.contains(AclOperation.WRITE)) {
            assertThat(KafkaProbe.produce(client, topic, true).topic()).isEqualTo(topic);
          }
          if (operations.contains(AclOperation.READ)) {
            assertThat(KafkaProbe.read(client, topic, Optional.empty())).isPositive();
          }
          if (!literal && operations.contains(AclOperation.DELETE)) {
            try (Admin admin = Admin.create(client)) {
              TopicPartition partition = new TopicPartition(topic, 0);
              long low =
                  admin
                      .deleteRecords(Map.of(partition, RecordsToDelete.beforeOffset(1)))
                      .lowWatermarks()
                      .get(partition)
                      .get()
                      .lowWatermark();
              assertThat(low).isEqualTo(1);
            }
          }
        }
        case GROUP -> {
          assertThat(operations).as(user + " " + pattern).containsExactly(AclOperation.READ);
          assertThat(literal).as(user + " " + pattern).isTrue();
          assertThat(
                  KafkaProbe.read(client, firstTopic(allowed, AclOperation.READ), group(pattern)))
              .isPositive();
        }
        case TRANSACTIONAL_ID -> {
          assertThat(operations).as(user + " " + pattern).contains(AclOperation.WRITE);
          // Kafka Streams names them <application.id>-<process id>-<thread> under exactly_once_v2.
          String id = literal ? pattern.name() : pattern.name() + "-" + UUID.randomUUID() + "-1";
          KafkaProbe.produceTransactionally(client, id, firstTopic(allowed, AclOperation.WRITE));
        }
        default -> throw new AssertionError(user + ": no live check for " + pattern);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("users")
  void writingATopicItDoesNotOwnIsRefused(String user) {
    var client = client(user);
    for (String topic : topicsWithout(user, AclOperation.WRITE)) {
      assertThat(KafkaProbe.refusal(() -> KafkaProbe.produce(client, topic, false)))
          .as(user + " writes " + topic)
          .isInstanceOfSatisfying(
              TopicAuthorizationException.class,
              e -> assertThat(e.unauthorizedTopics()).containsExactly(topic));
    }
  }

  @ParameterizedTest
  @MethodSource("users")
  void readingATopicItDoesNotReadIsRefused(String user) {
    var client = client(user);
    for (String topic : topicsWithout(user, AclOperation.READ)) {
      assertThat(KafkaProbe.refusal(() -> KafkaProbe.read(client, topic, Optional.empty())))
          .as(user + " reads " + topic)
          .isInstanceOfSatisfying(
              TopicAuthorizationException.class,
              e -> assertThat(e.unauthorizedTopics()).containsExactly(topic));
    }
  }

  @ParameterizedTest
  @MethodSource("users")
  void anotherServicesUserWithoutItsPasswordIsRefused(String user) {
    List<String> users = users();
    String other = users.get((users.indexOf(user) + 1) % users.size());
    String topic = firstTopic(allowed(other), AclOperation.DESCRIBE);
    // The service's own password under the other's name: SCRAM fails before any ACL is looked at.
    assertThat(
            KafkaProbe.refusal(
                () -> KafkaProbe.produce(kafka.client(other, PASSWORDS.get(user)), topic, false)))
        .as(user + " logs in as " + other)
        .isInstanceOf(SaslAuthenticationException.class)
        .hasMessageContaining(
            "Authentication failed during authentication due to invalid"
                + " credentials with SASL mechanism SCRAM-SHA-512");
  }

  @Test
  void onlyTheCorrelatorUsesItsGroupTransactionalIdsAndInternalTopics() {
    for (var owner : acls.entrySet()) {
      for (ResourcePattern pattern : allowed(owner.getKey()).keySet()) {
        if (pattern.resourceType() == ResourceType.TOPIC
            && pattern.patternType() == PatternType.LITERAL) {
          continue;
        }
        for (String user : acls.keySet()) {
          if (!user.equals(owner.getKey())) {
            assertThat(refusal(user, pattern)).as(user + " uses " + pattern).isNotNull();
          }
        }
      }
    }
  }

  private static Throwable refusal(String user, ResourcePattern pattern) {
    var client = client(user);
    String suffix = "-" + UUID.randomUUID() + "-1";
    return switch (pattern.resourceType()) {
      case GROUP ->
          assertThat(
                  KafkaProbe.refusal(
                      () ->
                          KafkaProbe.read(
                              client, Topics.INCIDENTS.name(), Optional.of(pattern.name()))))
              .isInstanceOfAny(GroupAuthorizationException.class, TopicAuthorizationException.class)
              .actual();
      case TRANSACTIONAL_ID ->
          assertThat(
                  KafkaProbe.refusal(
                      () ->
                          KafkaProbe.produceTransactionally(
                              client, pattern.name() + suffix, Topics.DEADLETTER.name())))
              .isInstanceOf(TransactionalIdAuthorizationException.class)
              .actual();
      case TOPIC ->
          assertThat(
                  KafkaProbe.refusal(
                      () -> {
                        try (Admin admin = Admin.create(client)) {
                          admin
                              .createTopics(
                                  List.of(new NewTopic(pattern.name() + suffix, 1, (short) 1)))
                              .all()
                              .get();
                        }
                      }))
              .hasCauseInstanceOf(TopicAuthorizationException.class)
              .actual();
      default -> throw new AssertionError("no refusal check for " + pattern);
    };
  }

  /** The operations the user's ACLs allow, by resource pattern. */
  private static Map<ResourcePattern, Set<AclOperation>> allowed(String user) {
    Map<ResourcePattern, Set<AclOperation>> allowed =
        new TreeMap<>(
            (a, b) ->
                (a.resourceType() + "/" + a.patternType() + "/" + a.name())
                    .compareTo(b.resourceType() + "/" + b.patternType() + "/" + b.name()));
    for (AclBinding binding : acls.get(user)) {
      allowed
          .computeIfAbsent(binding.pattern(), p -> new TreeSet<>())
          .add(binding.entry().operation());
    }
    return allowed;
  }

  /** Strata's topics the user holds no literal ACL with {@code operation} for. */
  private static List<String> topicsWithout(String user, AclOperation operation) {
    Set<String> allowed = new TreeSet<>();
    allowed(user)
        .forEach(
            (pattern, operations) -> {
              if (pattern.resourceType() == ResourceType.TOPIC && operations.contains(operation)) {
                allowed.add(pattern.name());
              }
            });
    return Topics.all().stream().map(Topic::name).filter(t -> !allowed.contains(t)).toList();
  }

  private static String firstTopic(
      Map<ResourcePattern, Set<AclOperation>> allowed, AclOperation operation) {
    return allowed.entrySet().stream()
        .filter(e -> e.getKey().resourceType() == ResourceType.TOPIC)
        .filter(e -> e.getKey().patternType() == PatternType.LITERAL)
        .filter(e -> e.getValue().contains(operation))
        .map(e -> e.getKey().name())
        .findFirst()
        .orElseThrow(() -> new AssertionError("no topic with " + operation));
  }

  private static Optional<String> group(ResourcePattern pattern) {
    return Optional.of(pattern.name());
  }

  private static java.util.Properties client(String user) {
    return kafka.client(user, PASSWORDS.get(user));
  }

  private static UserScramCredentialAlteration scram(String user, String password) {
    return new UserScramCredentialUpsertion(
        user, new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), password);
  }
}
