package io.strata.liverun;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.FollowProblem;
import io.strata.kafka.read.StartAt;
import io.strata.kafka.read.TopicFollower;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Follows strata.incidents.v1 from its end, as the remediator reads it (every partition, no group,
 * read_committed), and notes when each injected node first appears in an open DEVICE_FAULT
 * incident's scope after its injection: the match the e2e's multi-node fault uses.
 */
final class IncidentWatch implements AutoCloseable {

  /** When a reader first saw the injected node's incident. */
  record Seen(String incidentId, long seenAtMillis, long recordTimestampMillis) {}

  private final Map<String, Long> injectedAt = new ConcurrentHashMap<>();
  private final Map<String, Seen> seen = new ConcurrentHashMap<>();
  private final TopicFollower<String, byte[]> follower;
  private final CountDownLatch caughtUp = new CountDownLatch(1);
  private volatile String failure;

  IncidentWatch(String bootstrap) {
    // kafka-support's follow loop: reconnects after a broker hiccup and names why it is not
    // reading.
    follower =
        TopicFollower.builder(
                "live-run-incidents",
                TopicFollower.followerSettings(bootstrap, "strata-live-run-incidents", Map.of()),
                StringDeserializer::new,
                ByteArrayDeserializer::new)
            .pollTimeout(Duration.ofMillis(100))
            .metadataTimeout(Duration.ofSeconds(60))
            .follow(Topics.INCIDENTS.name(), StartAt.end())
            .onCaughtUp(caughtUp::countDown)
            .onEachRecord(this::note);
    follower.start();
    // "The end" is resolved when the partitions are assigned: wait for it, so an injection made
    // right after construction is never missed.
    try {
      caughtUp.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (!follower.caughtUp()) {
      failure = "incidents follower not reading: " + follower.problem() + " " + follower.detail();
    }
  }

  /** Call just before injecting on {@code node}. */
  void expect(String node, long atMillis) {
    injectedAt.put(node, atMillis);
  }

  Seen seen(String node) {
    return seen.get(node);
  }

  String failure() {
    if (failure == null && follower.problem() == FollowProblem.THREAD_DIED) {
      return "incidents follower died: " + follower.detail();
    }
    return failure;
  }

  private void note(ConsumerRecord<String, byte[]> record) {
    long now = System.currentTimeMillis();
    Incident incident =
        Topics.INCIDENTS.valueSerde().deserializer().deserialize(record.topic(), record.value());
    if (incident == null
        || incident.incidentClass() != IncidentClass.DEVICE_FAULT
        || incident.state() != IncidentState.OPEN) {
      return;
    }
    for (String node : incident.scope().nodes()) {
      Long at = injectedAt.get(node);
      // Receipt time, not the record's timestamp: Kafka Streams stamps its output with the
      // input's event time, which says nothing about when a reader can see it.
      if (at != null && now >= at) {
        seen.putIfAbsent(node, new Seen(incident.incidentId(), now, record.timestamp()));
      }
    }
  }

  @Override
  public void close() {
    follower.close();
  }
}
