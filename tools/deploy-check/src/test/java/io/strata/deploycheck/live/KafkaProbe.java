package io.strata.deploycheck.live;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * What a service does on Kafka, reduced to one call each: write a record, read a topic from the
 * start (by assigned partition, or in a consumer group with a commit), write in a transaction. Each
 * returns normally when the broker allows it and throws the broker's refusal otherwise.
 */
public final class KafkaProbe {

  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private KafkaProbe() {}

  /**
   * Writes one record to partition 0 and waits for the acknowledgement. {@code idempotent} as the
   * services' producers; without it the broker's answer rests on the topic's Write ACL alone.
   */
  public static RecordMetadata produce(Properties client, String topic, boolean idempotent)
      throws Exception {
    Properties props = producer(client);
    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, Boolean.toString(idempotent));
    if (!idempotent) {
      props.put(ProducerConfig.ACKS_CONFIG, "1");
    }
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
      return unwrap(() -> producer.send(record(topic)).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
    }
  }

  /** Writes one record inside a committed transaction under {@code transactionalId}. */
  public static void produceTransactionally(Properties client, String transactionalId, String topic)
      throws Exception {
    Properties props = producer(client);
    props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
      unwrap(
          () -> {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(record(topic)).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            producer.commitTransaction();
            return null;
          });
    }
  }

  /**
   * Reads partition 0 of {@code topic} from its start, read_committed as the services do, until a
   * record arrives; in {@code group} (subscribed, offsets committed) when given, else assigned.
   * Returns how many records the first non-empty poll brought.
   */
  public static int read(Properties client, String topic, Optional<String> group) throws Exception {
    Properties props = new Properties();
    props.putAll(client);
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    props.put(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    group.ifPresent(g -> props.put(ConsumerConfig.GROUP_ID_CONFIG, g));
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
      if (group.isPresent()) {
        consumer.subscribe(List.of(topic));
      } else {
        TopicPartition partition = new TopicPartition(topic, 0);
        consumer.assign(List.of(partition));
        consumer.seekToBeginning(List.of(partition));
      }
      long deadline = System.nanoTime() + TIMEOUT.toNanos();
      while (System.nanoTime() < deadline) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(200));
        if (!records.isEmpty()) {
          if (group.isPresent()) {
            consumer.commitSync(TIMEOUT);
          }
          return records.count();
        }
      }
      throw new AssertionError("no record read from " + topic + " within " + TIMEOUT);
    }
  }

  /** The exception the call threw, unwrapped from ExecutionException and client wrappers. */
  public static Throwable refusal(Call call) {
    try {
      call.run();
    } catch (Throwable e) {
      return e;
    }
    throw new AssertionError("the broker allowed what it should have refused");
  }

  /** A client call that may be refused. */
  @FunctionalInterface
  public interface Call {
    void run() throws Exception;
  }

  private interface Step<T> {
    T get() throws Exception;
  }

  private static <T> T unwrap(Step<T> step) throws Exception {
    try {
      return step.get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    } catch (KafkaException e) {
      // The producer wraps a refusal met while sending ("Cannot execute transactional method...").
      throw e.getCause() instanceof KafkaException cause ? cause : e;
    }
  }

  private static Properties producer(Properties client) {
    Properties props = new Properties();
    props.putAll(client);
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(TIMEOUT.toMillis()));
    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Long.toString(TIMEOUT.toMillis()));
    props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(TIMEOUT.toMillis() / 2));
    return props;
  }

  private static ProducerRecord<byte[], byte[]> record(String topic) {
    return new ProducerRecord<>(topic, 0, null, "live-acl-check".getBytes(StandardCharsets.UTF_8));
  }
}
