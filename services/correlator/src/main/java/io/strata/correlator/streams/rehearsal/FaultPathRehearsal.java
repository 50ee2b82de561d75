package io.strata.correlator.streams.rehearsal;

import static io.strata.correlator.streams.rehearsal.RehearsalFleet.CLUSTER;
import static io.strata.correlator.streams.rehearsal.RehearsalFleet.GPUS_PER_NODE;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.streams.CorrelatorMetrics;
import io.strata.correlator.streams.CorrelatorTopology;
import io.strata.events.EventType;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.incident.Incident;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.processor.UsePartitionTimeOnInvalidTimestamp;
import org.apache.kafka.streams.test.TestRecord;

/**
 * Plays a made-up fleet's device faults through the real topology once, in a throwaway {@link
 * TopologyTestDriver}, before the stream threads start (ADR 046).
 *
 * <p>Why: in a fresh JVM the first XID meets code that the JIT compiled from a profile holding only
 * samples. Every branch and call site the fault takes for the first time traps back to the
 * interpreter and is compiled again, on the one stream thread the incident waits for (ADR 046).
 * Here the same methods (the same bytecode, so the same profiles) see samples, XIDs, a cordon and
 * the incidents they open long enough to be profiled, so what is compiled later already holds the
 * fault path. The driver, its stores (in their own directory, deleted after) and its counters are
 * thrown away; nothing reaches a topic.
 */
public final class FaultPathRehearsal {

  /**
   * What the rehearsal did: records played, incident updates published, distinct incidents among
   * them (one per XID when the path works), and how long it took.
   */
  public record Result(int records, int incidentUpdates, int incidents, Duration took) {}

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  /** Nodes, seconds of samples, and an XID on a new node every this many seconds from the 20th. */
  private static final int NODES = 16;

  private static final int SECONDS = 90;
  private static final int XID_EVERY_SECONDS = 6;

  /** XIDs the rehearsal plays, each on its own node: as many device incidents when it works. */
  public static final int XIDS = (SECONDS - 20) / XID_EVERY_SECONDS + 1;

  private FaultPathRehearsal() {}

  /**
   * Runs the rehearsal with {@code settings}, its stores in memory (what the driver keeps on disk,
   * under {@code parent}, goes when it ends).
   */
  public static Result run(CorrelatorSettings settings, Path parent) {
    long start = System.nanoTime();
    Path dir = createDir(parent);
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "strata-correlator-rehearsal");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "rehearsal.invalid:9092");
    props.put(StreamsConfig.STATE_DIR_CONFIG, dir.toString());
    props.put(
        StreamsConfig.DEFAULT_TIMESTAMP_EXTRACTOR_CLASS_CONFIG,
        UsePartitionTimeOnInvalidTimestamp.class.getName());
    int records = 0;
    List<Incident> incidents;
    try (TopologyTestDriver driver =
        new TopologyTestDriver(
            CorrelatorTopology.build(
                // The driver commits after every record, and a RocksDB store's commit flushes its
                // memtables: in memory the rehearsal takes seconds instead of over a minute.
                settings.withStoreType(Materialized.StoreType.IN_MEMORY),
                new CorrelatorMetrics(new SimpleMeterRegistry())),
            props,
            T0)) {
      Inputs in = new Inputs(driver);
      TestOutputTopic<String, Incident> out =
          driver.createOutputTopic(
              Topics.INCIDENTS.name(),
              Topics.INCIDENTS.keySerde().deserializer(),
              Topics.INCIDENTS.valueSerde().deserializer());
      for (int n = 0; n < NODES; n++) {
        records += in.node(n, false, T0);
        records += in.pod(n, T0);
      }
      for (int s = 1; s <= SECONDS; s++) {
        Instant now = T0.plusSeconds(s);
        int fallenNode = faultedNode(s);
        for (int n = 0; n < NODES; n++) {
          for (int g = 0; g < GPUS_PER_NODE; g++) {
            records += in.sample(n, g, fallen(n, g, s), s, now);
          }
        }
        if (fallenNode >= 0 && (s - 20) % XID_EVERY_SECONDS == 0) {
          records += in.xid(fallenNode, 0, now.plusMillis(300));
        }
        if (fallenNode >= 0 && (s - 20) % XID_EVERY_SECONDS == 1) {
          records += in.node(fallenNode, true, now.plusMillis(500)); // the remediator's cordon
        }
      }
      incidents = out.readValuesToList();
    } finally {
      delete(dir);
    }
    int distinct = (int) incidents.stream().map(Incident::incidentId).distinct().count();
    return new Result(
        records, incidents.size(), distinct, Duration.ofNanos(System.nanoTime() - start));
  }

  /** The node whose GPU 0 falls in the fault round {@code second} belongs to, or -1 before any. */
  private static int faultedNode(int second) {
    return second < 20 ? -1 : ((second - 20) / XID_EVERY_SECONDS) % NODES;
  }

  private static boolean fallen(int node, int gpu, int second) {
    if (gpu != 0 || second <= 20) {
      return false;
    }
    int rounds = (second - 21) / XID_EVERY_SECONDS; // rounds whose XID is in the past
    return node <= Math.min(rounds, NODES - 1);
  }

  /** The input topics, each record written with the CloudEvents headers its producer writes. */
  private static final class Inputs {
    private final TestInputTopic<String, Object> samples;
    private final TestInputTopic<String, Object> xids;
    private final TestInputTopic<String, Object> nodes;
    private final TestInputTopic<String, Object> pods;

    Inputs(TopologyTestDriver driver) {
      samples = input(driver, Topics.DEVICE_SAMPLES);
      xids = input(driver, Topics.DEVICE_XIDS);
      nodes = input(driver, Topics.K8S_NODES);
      pods = input(driver, Topics.K8S_PODS);
    }

    int sample(int n, int g, boolean fallen, long second, Instant at) {
      String key = Keys.gpu(CLUSTER, RehearsalFleet.node(n), RehearsalFleet.gpu(n, g));
      return pipe(
          samples,
          key,
          RehearsalFleet.sample(n, g, fallen, second, at),
          EventType.DEVICE_SAMPLE,
          "/strata/device-ingest",
          at);
    }

    int xid(int n, int g, Instant at) {
      String key = Keys.gpu(CLUSTER, RehearsalFleet.node(n), RehearsalFleet.gpu(n, g));
      return pipe(
          xids,
          key,
          RehearsalFleet.xid79(n, g, at),
          EventType.XID_EVENT,
          "/strata/device-ingest",
          at);
    }

    int node(int n, boolean cordoned, Instant at) {
      return pipe(
          nodes,
          Keys.node(CLUSTER, RehearsalFleet.node(n)),
          RehearsalFleet.nodeState(n, cordoned, at),
          EventType.NODE_STATE,
          "/strata/k8s-watcher",
          at);
    }

    int pod(int n, Instant at) {
      return pipe(
          pods,
          Keys.pod(CLUSTER, RehearsalFleet.NAMESPACE, RehearsalFleet.pod(n)),
          RehearsalFleet.podState(n, at),
          EventType.POD_STATE,
          "/strata/k8s-watcher",
          at);
    }

    private static int pipe(
        TestInputTopic<String, Object> topic,
        String key,
        Object value,
        EventType type,
        String source,
        Instant at) {
      RecordHeaders headers = new RecordHeaders();
      CloudEventHeaders.write(headers, type, source, key, at);
      topic.pipeInput(new TestRecord<>(key, value, headers, at));
      return 1;
    }

    @SuppressWarnings("unchecked")
    private static TestInputTopic<String, Object> input(
        TopologyTestDriver driver, Topic<String, ?> topic) {
      Topic<String, Object> any = (Topic<String, Object>) topic;
      return driver.createInputTopic(
          any.name(), any.keySerde().serializer(), any.valueSerde().serializer());
    }
  }

  /** A new directory for the driver, after removing any a killed process left behind. */
  private static Path createDir(Path parent) {
    try {
      Files.createDirectories(parent);
      try (Stream<Path> old = Files.list(parent)) {
        old.filter(p -> p.getFileName().toString().startsWith("rehearsal-"))
            .forEach(FaultPathRehearsal::delete);
      }
      return Files.createTempDirectory(parent, "rehearsal-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the rehearsal's state directory", e);
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // Left behind in the state directory's parent: harmless, and the next start makes its own.
    }
  }
}
