package io.strata.liverun;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.IncidentState;
import io.strata.events.topic.Topics;
import io.strata.kafka.read.TopicReader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
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

  private final KafkaConsumer<String, byte[]> consumer;
  private final Map<String, Long> injectedAt = new ConcurrentHashMap<>();
  private final Map<String, Seen> seen = new ConcurrentHashMap<>();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile String failure;

  IncidentWatch(String bootstrap) {
    consumer =
        new KafkaConsumer<>(
            TopicReader.readerSettings(bootstrap, "strata-live-run-incidents"),
            new StringDeserializer(),
            new ByteArrayDeserializer());
    List<TopicPartition> partitions =
        TopicReader.assignAll(consumer, List.of(Topics.INCIDENTS.name()), Duration.ofSeconds(60));
    consumer.seekToEnd(partitions);
    partitions.forEach(consumer::position); // resolve "end" now, not at the first poll
    thread = new Thread(this::follow, "live-run-incidents");
    thread.setDaemon(true);
    thread.start();
  }

  /** Call just before injecting on {@code node}. */
  void expect(String node, long atMillis) {
    injectedAt.put(node, atMillis);
  }

  Seen seen(String node) {
    return seen.get(node);
  }

  String failure() {
    return failure;
  }

  private void follow() {
    try {
      while (running) {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
          long now = System.currentTimeMillis();
          Incident incident =
              Topics.INCIDENTS
                  .valueSerde()
                  .deserializer()
                  .deserialize(record.topic(), record.value());
          if (incident == null
              || incident.incidentClass() != IncidentClass.DEVICE_FAULT
              || incident.state() != IncidentState.OPEN) {
            continue;
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
      }
    } catch (org.apache.kafka.common.errors.WakeupException e) {
      // closing
    } catch (RuntimeException e) {
      failure = e.toString();
    } finally {
      consumer.close();
    }
  }

  @Override
  public void close() {
    running = false;
    consumer.wakeup();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
