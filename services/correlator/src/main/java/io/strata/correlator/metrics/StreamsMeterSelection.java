package io.strata.correlator.metrics;

import java.util.Set;

/**
 * Which of Kafka Streams' own meters the correlator publishes on {@code /q/metrics}.
 *
 * <p>Micrometer's Kafka Streams binder registers every metric the client library has, per task, per
 * processor node and per state store, most of them per-store and per-processor-node: at fleet scale
 * a page of megabytes whose rendering allocates arrays G1 places straight in old regions
 * (humongous), and a Prometheus storing it pays the cardinality. Kept: thread-, task-, topic- and
 * client-level meters, which say whether the correlator keeps up, among them the state updater's
 * (how a restore progresses while readiness waits); and of the per-store ones only what sizes
 * RocksDB's memory and disk. Dropped: the per-store operation rates and latencies and the
 * per-processor-node latencies, which are for debugging one topology in a test, not for watching a
 * fleet.
 */
public final class StreamsMeterSelection {

  private static final String STATE = "kafka.stream.state.";

  /** The state updater's per-thread meters (restoring tasks, restore rate) share the prefix. */
  private static final String STATE_UPDATER = "kafka.stream.state.updater.";

  private static final String PROCESSOR_NODE = "kafka.stream.processor.node.";

  /** Per-store meters kept: memory and disk of each RocksDB store. */
  static final Set<String> KEPT_STATE =
      Set.of(
          "kafka.stream.state.size.all.mem.tables",
          "kafka.stream.state.block.cache.usage",
          "kafka.stream.state.estimate.table.readers.mem",
          "kafka.stream.state.total.sst.files.size",
          "kafka.stream.state.estimate.num.keys");

  private StreamsMeterSelection() {}

  /** Whether a meter of this name (Micrometer's dotted form) is published. */
  public static boolean publishes(String meterName) {
    if (meterName.startsWith(PROCESSOR_NODE)) {
      return false;
    }
    if (meterName.startsWith(STATE) && !meterName.startsWith(STATE_UPDATER)) {
      return KEPT_STATE.contains(meterName);
    }
    return true;
  }
}
