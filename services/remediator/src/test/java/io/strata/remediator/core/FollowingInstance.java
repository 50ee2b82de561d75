package io.strata.remediator.core;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.strata.events.incident.Incident;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.TopicReader;
import io.strata.remediator.core.guard.LeaderTerm;
import io.strata.remediator.kafka.IncidentFollower;
import io.strata.remediator.kube.Leadership;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * One remediator's incident path as the service wires it, without Quarkus, so two run in one JVM:
 * the Lease ({@link Leadership} on the CRUD mock), the {@link LeaderTerm}, the group-less {@link
 * IncidentFollower} on the real broker, the {@link IncidentIntake} on one execution thread, and on
 * each acquisition a rebuild that reads every incident back and acts on it (as the service's
 * restore does). What it acts on is recorded; an incident named in {@link #hold} waits for the
 * latch, as one stuck in processing would.
 */
final class FollowingInstance implements AutoCloseable {

  final String identity;
  final Set<String> actedOn = ConcurrentHashMap.newKeySet();
  final Set<String> read = ConcurrentHashMap.newKeySet();
  final Set<String> dropped = ConcurrentHashMap.newKeySet();
  final AtomicInteger rebuilds = new AtomicInteger();
  final Map<String, CountDownLatch> hold = new ConcurrentHashMap<>();
  final LeaderTerm term;
  final IncidentFollower follower;
  private final String bootstrap;
  private final Leadership leadership;
  private final ExecutorService worker = Executors.newSingleThreadExecutor();

  FollowingInstance(String identity, KubernetesClient client, String bootstrap) {
    this.identity = identity;
    this.bootstrap = bootstrap;
    this.leadership = new Leadership(client, testLease(identity));
    this.term = new LeaderTerm(leadership::leading);
    IncidentIntake intake =
        new IncidentIntake(term, worker, this::act, i -> dropped.add(i.incidentId()));
    this.follower =
        new IncidentFollower(
            IncidentFollower.settings(bootstrap, Map.of()),
            record -> {
              Incident incident =
                  Topics.INCIDENTS
                      .valueSerde()
                      .deserializer()
                      .deserialize(record.topic(), record.value());
              read.add(incident.incidentId());
              intake.offer(
                  incident,
                  e -> {
                    throw e;
                  });
            });
  }

  /** The Lease the two-instance tests compete for: short times, so a takeover takes a second. */
  static Leadership.Settings testLease(String identity) {
    return new Leadership.Settings(
        "strata",
        "strata-remediator",
        identity,
        Duration.ofSeconds(2),
        Duration.ofMillis(1500),
        Duration.ofMillis(250));
  }

  FollowingInstance start() {
    follower.start();
    worker.execute(this::rebuildIfDue);
    leadership.start(
        new Leadership.Listener() {
          @Override
          public void acquiring() {
            term.begin();
          }

          @Override
          public void startedLeading() {
            worker.execute(FollowingInstance.this::rebuildIfDue);
          }

          @Override
          public void stoppedLeading() {}
        });
    return this;
  }

  /** As the service: one rebuild per term, whichever trigger asks first. */
  private void rebuildIfDue() {
    if (term.rebuildDue()) {
      rebuild();
    }
  }

  private void rebuild() {
    long rebuildingIn = term.current();
    List<Incident> incidents = new java.util.ArrayList<>();
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(
            TopicReader.readerSettings(bootstrap, identity + "-rebuild"),
            new StringDeserializer(),
            new ByteArrayDeserializer())) {
      TopicReader.readToEnd(
          consumer,
          List.of(Topics.INCIDENTS.name()),
          Duration.ofSeconds(30),
          r ->
              incidents.add(
                  Topics.INCIDENTS.valueSerde().deserializer().deserialize(r.topic(), r.value())));
    }
    rebuilds.incrementAndGet();
    term.rebuilt(rebuildingIn);
    if (term.active()) {
      incidents.forEach(this::act);
    }
  }

  private void act(Incident incident) {
    CountDownLatch held = hold.get(incident.incidentId());
    if (held != null) {
      try {
        held.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    actedOn.add(incident.incidentId());
  }

  boolean leading() {
    return leadership.leading();
  }

  /** Stops competing (releasing the Lease) and reading, as a pod that goes away. */
  @Override
  public void close() {
    leadership.close();
    follower.close();
    worker.shutdownNow();
  }
}
