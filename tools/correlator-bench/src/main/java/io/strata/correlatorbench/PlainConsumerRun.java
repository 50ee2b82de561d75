package io.strata.correlatorbench;

import io.strata.events.topic.Topic;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Phase (a): the box's own rate. One plain KafkaConsumer on one thread reads every pre-filled
 * record of the input topics from the beginning and decodes each value with its topic's serde: the
 * ceiling a one-thread correlator could approach. It is the raw consumer on purpose, not
 * kafka-support's {@code read/TopicReader} or {@code TopicFollower}: the baseline must measure
 * kafka-clients alone, with nothing of Strata's between the poll and the decode.
 */
final class PlainConsumerRun {

  record Result(long records, double seconds) {
    double perSecond() {
      return records / seconds;
    }
  }

  private PlainConsumerRun() {}

  static Result run(String bootstrapServers, Map<TopicPartition, Long> ends) {
    Map<String, Deserializer<?>> values = new HashMap<>();
    for (Topic<String, ?> topic : InputTopics.ALL) {
      values.put(topic.name(), topic.valueSerde().deserializer());
    }
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
    Map<TopicPartition, Long> remaining = new HashMap<>(ends);
    remaining.values().removeIf(end -> end == 0);
    long records = 0;
    long decoded = 0;
    long started = System.nanoTime();
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
      consumer.assign(remaining.keySet());
      consumer.seekToBeginning(remaining.keySet());
      while (!remaining.isEmpty()) {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
          Object value = values.get(record.topic()).deserialize(record.topic(), record.value());
          decoded += value == null ? 0 : 1;
          records++;
          TopicPartition tp = new TopicPartition(record.topic(), record.partition());
          Long end = remaining.get(tp);
          if (end != null && record.offset() + 1 >= end) {
            remaining.remove(tp);
          }
        }
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    if (decoded != records) {
      throw new IllegalStateException("a pre-filled record decoded to null");
    }
    return new Result(records, seconds);
  }
}
