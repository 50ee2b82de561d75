package io.strata.liverun;

import io.strata.events.device.XidEvent;
import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.FollowProblem;
import io.strata.kafka.read.StartAt;
import io.strata.kafka.read.TopicFollower;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Follows one topic from its end, as a downstream reader does (every partition, no group,
 * read_committed), and notes when each injected node is first named by a record that counts after
 * its injection: on strata.incidents.v1 an open DEVICE_FAULT incident's scope (the match the e2e's
 * multi-node fault uses), on strata.device.xids.v1 an XID 79 of the node.
 */
final class FirstSight implements AutoCloseable {

  /** When a reader first saw a record naming the injected node. */
  record Seen(String recordId, long seenAtMillis, long recordTimestampMillis) {}

  /** What a record that counts names: its id and nodes. */
  record Naming(String recordId, Collection<String> nodes) {}

  private final Map<String, Long> injectedAt = new ConcurrentHashMap<>();
  private final Map<String, Seen> seen = new ConcurrentHashMap<>();
  private final String name;
  private final Function<ConsumerRecord<String, byte[]>, Naming> naming;
  private final TopicFollower<String, byte[]> follower;
  private final CountDownLatch caughtUp = new CountDownLatch(1);
  private volatile String failure;

  /** Open DEVICE_FAULT incidents on strata.incidents.v1. */
  static FirstSight incidents(String bootstrap) {
    return new FirstSight(bootstrap, "incidents", Topics.INCIDENTS, FirstSight::openDeviceFault);
  }

  /** XID 79s on strata.device.xids.v1: when device-ingest's event became readable. */
  static FirstSight xid79s(String bootstrap) {
    return new FirstSight(bootstrap, "xids", Topics.DEVICE_XIDS, FirstSight::xid79);
  }

  private FirstSight(
      String bootstrap,
      String name,
      Topic<String, ?> topic,
      Function<ConsumerRecord<String, byte[]>, Naming> naming) {
    this.name = name;
    this.naming = naming;
    // kafka-support's follow loop: reconnects after a broker hiccup and names why it is not
    // reading.
    follower =
        TopicFollower.builder(
                "live-run-" + name,
                TopicFollower.followerSettings(bootstrap, "strata-live-run-" + name, Map.of()),
                StringDeserializer::new,
                ByteArrayDeserializer::new)
            .pollTimeout(Duration.ofMillis(100))
            .metadataTimeout(Duration.ofSeconds(60))
            .follow(topic.name(), StartAt.end())
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
      failure = name + " follower not reading: " + follower.problem() + " " + follower.detail();
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
      return name + " follower died: " + follower.detail();
    }
    return failure;
  }

  private void note(ConsumerRecord<String, byte[]> record) {
    long now = System.currentTimeMillis();
    Naming named = naming.apply(record);
    if (named == null) {
      return;
    }
    for (String node : named.nodes()) {
      Long at = injectedAt.get(node);
      // Receipt time, not the record's timestamp: Kafka Streams stamps its output with the
      // input's event time, which says nothing about when a reader can see it.
      if (at != null && now >= at) {
        seen.putIfAbsent(node, new Seen(named.recordId(), now, record.timestamp()));
      }
    }
  }

  private static Naming openDeviceFault(ConsumerRecord<String, byte[]> record) {
    Incident incident =
        Topics.INCIDENTS.valueSerde().deserializer().deserialize(record.topic(), record.value());
    if (incident == null
        || incident.incidentClass() != IncidentClass.DEVICE_FAULT
        || incident.state() != IncidentState.OPEN) {
      return null;
    }
    return new Naming(incident.incidentId(), incident.scope().nodes());
  }

  private static Naming xid79(ConsumerRecord<String, byte[]> record) {
    XidEvent xid =
        Topics.DEVICE_XIDS.valueSerde().deserializer().deserialize(record.topic(), record.value());
    if (xid == null || xid.xid() != 79 || xid.node() == null) {
      return null;
    }
    return new Naming(xid.eventId(), List.of(xid.node()));
  }

  @Override
  public void close() {
    follower.close();
  }
}
