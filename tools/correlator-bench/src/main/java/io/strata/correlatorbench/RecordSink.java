package io.strata.correlatorbench;

import io.strata.events.topic.Topic;
import java.time.Instant;

/** Where generated records go: a Kafka producer in the benchmark, a list in the unit test. */
interface RecordSink {

  /** One record; {@code timestamp} is its event time and becomes the Kafka record timestamp. */
  <V> void send(Topic<String, V> topic, String key, V value, Instant timestamp);
}
