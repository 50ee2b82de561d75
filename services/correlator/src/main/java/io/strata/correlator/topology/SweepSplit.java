package io.strata.correlator.topology;

import io.strata.correlator.trace.AssembledTrace;
import io.strata.correlator.trace.TimedTrace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Splits a {@link TraceSweep} by destination: one record per key with that key's requests in
 * completion order, each keeping its own timestamp, the record stamped with the newest (ADR 040). A
 * repartition then carries one record per node or per workload × version per sweep, not one per
 * request: a sweep holds hundreds to thousands of requests over far fewer keys.
 *
 * @param <V> the batch a destination receives
 */
final class SweepSplit<V> implements Processor<String, TraceSweep, String, V> {

  private final Function<AssembledTrace, String> destination;
  private final Function<List<TimedTrace>, V> batch;
  private ProcessorContext<String, V> context;

  /**
   * @param destination the key a request goes to, {@code null} for a request this side skips
   * @param batch one key's requests as the value sent there
   */
  SweepSplit(Function<AssembledTrace, String> destination, Function<List<TimedTrace>, V> batch) {
    this.destination = destination;
    this.batch = batch;
  }

  @Override
  public void init(ProcessorContext<String, V> context) {
    this.context = context;
  }

  @Override
  public void process(Record<String, TraceSweep> record) {
    Map<String, List<TimedTrace>> byKey = new LinkedHashMap<>();
    for (TimedTrace timed : record.value().traces()) {
      String key = destination.apply(timed.trace());
      if (key != null) {
        byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(timed);
      }
    }
    byKey.forEach(
        (key, traces) -> context.forward(new Record<>(key, batch.apply(traces), newest(traces))));
  }

  /** The batch's time: its newest request's, where stream time would be had they come alone. */
  private static long newest(List<TimedTrace> traces) {
    long newest = Long.MIN_VALUE;
    for (TimedTrace timed : traces) {
      newest = Math.max(newest, timed.timestamp());
    }
    return newest;
  }
}
