package io.strata.remediator.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.strata.embeddedkafka.KafkaProvider;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.incident.IncidentState;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.FollowProblem;
import io.strata.kubetest.CrudApiServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two remediators in one JVM on the real broker and the CRUD mock's Lease (fault-suite findings 3
 * and 4, ADR 022): every instance reads every incidents partition without a group, only the active
 * one acts, a standby drops what it reads and loses nothing because its takeover rebuild reads it
 * back, and an incident held in processing neither stops the reader nor the incidents after it.
 */
class StandbyAndTakeoverTest {

  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final int PARTITIONS = 3;

  private static TestKafka kafka;
  private static KafkaProducer<String, byte[]> producer;
  private KubernetesMockServer server;
  private final List<FollowingInstance> instances = new ArrayList<>();
  private int next;

  @BeforeAll
  static void startKafka() {
    kafka = KafkaProvider.configured().start(1);
    producer =
        new KafkaProducer<>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
            new StringSerializer(),
            new ByteArraySerializer());
  }

  @AfterAll
  static void stopKafka() {
    producer.close();
    kafka.close();
  }

  @AfterEach
  void stop() {
    instances.forEach(FollowingInstance::close);
    if (server != null) {
      server.destroy();
    }
  }

  @Test
  void theLeaderActsOnIncidentsOfEveryPartitionWhileTheStandbyDropsThem() {
    FollowingInstance leader = leaderThenStandby()[0];
    FollowingInstance standby = instances.get(1);

    List<String> ids = publishOnEveryPartition(2);

    await("the leader acted on all " + ids)
        .atMost(WAIT)
        .until(() -> leader.actedOn.containsAll(ids));
    await("the standby read and dropped all " + ids)
        .atMost(WAIT)
        .until(() -> standby.dropped.containsAll(ids));
    assertThat(standby.actedOn).as("acted on by the standby").isEmpty();
    assertThat(standby.follower.partitions()).isEqualTo(PARTITIONS);
    assertThat(leader.follower.partitions()).isEqualTo(PARTITIONS);
  }

  @Test
  void aStandbyTakingOverActsOnWhatItDroppedAndRebuildsOncePerAcquisition() {
    FollowingInstance[] pair = leaderThenStandby();
    FollowingInstance leader = pair[0];
    FollowingInstance standby = pair[1];
    // The leader stops acting (stuck, then gone): incidents arrive meanwhile.
    CountDownLatch stuck = new CountDownLatch(1);
    String stuckOn = id("stuck");
    leader.hold.put(stuckOn, stuck);
    publish(stuckOn, 0);
    List<String> whileStuck = publishOnEveryPartition(1);
    await("the standby read and dropped them")
        .atMost(WAIT)
        .until(() -> standby.dropped.containsAll(whileStuck) && standby.dropped.contains(stuckOn));
    int standbyRebuilds = standby.rebuilds.get();

    leader.close();
    stuck.countDown();
    await("the standby took over").atMost(WAIT).until(standby.term::active);

    await("the new leader acted on what it had dropped")
        .atMost(WAIT)
        .until(() -> standby.actedOn.containsAll(whileStuck) && standby.actedOn.contains(stuckOn));
    assertThat(standby.rebuilds.get() - standbyRebuilds).as("rebuilds on taking over").isEqualTo(1);
  }

  @Test
  void anIncidentHeldInProcessingStopsNeitherTheReaderNorTheIncidentsAfterIt() {
    server = CrudApiServer.start();
    FollowingInstance only = instance("remediator-a");
    await("leading with its memory rebuilt").atMost(WAIT).until(only.term::active);
    CountDownLatch held = new CountDownLatch(1);
    String heldId = id("held");
    only.hold.put(heldId, held);

    publish(heldId, 0);
    List<String> later = publishOnEveryPartition(2);

    await("the reader past the held incident and the six after it")
        .atMost(WAIT)
        .until(() -> only.read.containsAll(later));
    assertThat(only.follower.problem()).isEqualTo(FollowProblem.NONE);
    assertThat(only.actedOn).doesNotContain(heldId);
    held.countDown();
    await("every later incident acted on")
        .atMost(WAIT)
        .until(() -> only.actedOn.containsAll(later));
    assertThat(only.actedOn).contains(heldId);
  }

  /** remediator-a leading and active, then remediator-b reading as a standby. */
  private FollowingInstance[] leaderThenStandby() {
    server = CrudApiServer.start();
    FollowingInstance a = instance("remediator-a");
    await("remediator-a active").atMost(WAIT).until(a.term::active);
    FollowingInstance b = instance("remediator-b");
    await("remediator-b reading")
        .atMost(WAIT)
        .until(() -> b.follower.problem() == FollowProblem.NONE && b.term.everRebuilt());
    assertThat(b.leading()).isFalse();
    return new FollowingInstance[] {a, b};
  }

  private FollowingInstance instance(String identity) {
    KubernetesClient client = server.createClient();
    FollowingInstance instance =
        new FollowingInstance(identity, client, kafka.bootstrapServers()).start();
    instances.add(instance);
    return instance;
  }

  /** {@code perPartition} new OPEN incidents on each partition; returns their ids. */
  private List<String> publishOnEveryPartition(int perPartition) {
    List<String> ids = new ArrayList<>();
    for (int partition = 0; partition < PARTITIONS; partition++) {
      for (int i = 0; i < perPartition; i++) {
        String id = id("p" + partition);
        publish(id, partition);
        ids.add(id);
      }
    }
    producer.flush();
    return ids;
  }

  private void publish(String incidentId, int partition) {
    byte[] value =
        Topics.INCIDENTS
            .valueSerde()
            .serializer()
            .serialize(
                Topics.INCIDENTS.name(),
                Fixtures.deviceFault(incidentId, 1, IncidentState.OPEN, List.of("gpu-node-1")));
    producer.send(new ProducerRecord<>(Topics.INCIDENTS.name(), partition, incidentId, value));
    producer.flush();
  }

  private String id(String label) {
    return "inc-" + label + "-" + next++ + "-" + System.nanoTime();
  }
}
