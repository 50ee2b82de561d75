package io.strata.correlatorbench;

import io.strata.events.topic.Topic;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.UsePartitionTimeOnInvalidTimestamp;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * What Kafka Streams itself costs per record on this box, the floor under any one-thread
 * correlator: a do-little application over the correlator's input topics, run by the bench in a JVM
 * of its own with the correlator's JVM options and the Kafka Streams settings its prod profile uses
 * (exactly_once_v2, one stream thread, a 1 s commit interval, lz4, a 64 MiB record cache). Each
 * record's value is decoded with its topic's serde, as the plain consumer and the correlator do;
 * then
 *
 * <ul>
 *   <li>{@link Variant#DECODE}: nothing more (the framework's consume, order, commit);
 *   <li>{@link Variant#STATE}: one get and one put of a counter per record key in a changelogged
 *       in-memory store behind the record cache, the least state a correlator keeps per record.
 * </ul>
 *
 * <p>Arguments: bootstrap servers, application id, state directory, variant.
 */
public final class FloorApp {

  /** How much work per record. */
  enum Variant {
    DECODE,
    STATE;

    static Variant parse(String name) {
      for (Variant variant : values()) {
        if (variant.name().equalsIgnoreCase(name.trim())) {
          return variant;
        }
      }
      throw new IllegalArgumentException(
          "--floors takes decode and/or state, comma-separated; got '" + name + "'");
    }
  }

  private FloorApp() {}

  public static void main(String[] args) throws InterruptedException {
    Variant variant = Variant.parse(args[3]);
    Properties config = new Properties();
    config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
    config.put(StreamsConfig.APPLICATION_ID_CONFIG, args[1]);
    config.put(StreamsConfig.STATE_DIR_CONFIG, args[2]);
    config.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
    config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    config.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 1000);
    config.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 64L * 1024 * 1024);
    config.put(StreamsConfig.producerPrefix("compression.type"), "lz4");
    config.put(
        StreamsConfig.DEFAULT_TIMESTAMP_EXTRACTOR_CLASS_CONFIG,
        UsePartitionTimeOnInvalidTimestamp.class);
    CountDownLatch stopped = new CountDownLatch(1);
    KafkaStreams streams = new KafkaStreams(topology(variant), config);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  streams.close();
                  stopped.countDown();
                }));
    streams.start();
    stopped.await();
  }

  /** One source and one step per input topic (each its own sub-topology, as most of the app's). */
  static Topology topology(Variant variant) {
    Topology topology = new Topology();
    for (Topic<String, ?> topic : InputTopics.ALL) {
      String source = "source-" + topic.name();
      String step = "floor-" + topic.name();
      Deserializer<byte[]> bytes = Serdes.ByteArray().deserializer();
      topology.addSource(source, bytes, bytes, topic.name());
      String store = variant == Variant.STATE ? "latest-" + topic.name() : null;
      topology.addProcessor(step, () -> new Step(topic, store), source);
      if (store != null) {
        topology.addStateStore(
            Stores.keyValueStoreBuilder(
                Stores.inMemoryKeyValueStore(store), Serdes.String(), Serdes.Long()),
            step);
      }
    }
    return topology;
  }

  /** Decodes the record as the correlator's first step does; with a store, counts it by key. */
  private static final class Step implements Processor<byte[], byte[], Void, Void> {

    private final Topic<String, ?> topic;
    private final Deserializer<?> values;
    private final String storeName;
    private KeyValueStore<String, Long> store;
    private long decoded;

    Step(Topic<String, ?> topic, String storeName) {
      this.topic = topic;
      this.values = topic.valueSerde().deserializer();
      this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
      store = storeName == null ? null : context.getStateStore(storeName);
    }

    @Override
    public void process(Record<byte[], byte[]> record) {
      String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
      if (values.deserialize(topic.name(), record.value()) != null) {
        decoded++;
      }
      if (store != null && key != null) {
        Long count = store.get(key);
        store.put(key, count == null ? 1L : count + 1);
      }
    }

    @Override
    public void close() {
      System.out.println("floor " + topic.name() + ": " + decoded + " values decoded");
    }
  }
}
