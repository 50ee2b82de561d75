package io.strata.correlator.streams.speed;

import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.TimedTrace;
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
public final class SweepSplit<V> implements Processor<String, TraceSweep, String, V> {

  private final Function<AssembledTrace, String> destination;
  private final Function<List<TimedTrace>, V> batch;
  private ProcessorContext<String, V> context;

  /**
   * @param destination the key a request goes to, {@code null} for a request this side skips
   * @param batch one key's requests as the value sent there
   */
  public SweepSplit(
      Function<AssembledTrace, String> destination, Function<List<TimedTrace>, V> batch) {
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
        (key, traces) -> {
          for (List<TimedTrace> chunk : chunks(traces, MAX_PER_RECORD)) {
            context.forward(new Record<>(key, batch.apply(chunk), newest(chunk)));
          }
        });
  }

  /**
   * Requests per record at most: a hot workload's sweep (thousands of requests a second on one key)
   * must not grow a record past the broker's 1 MiB default; 256 binary requests are tens of
   * kilobytes.
   */
  static final int MAX_PER_RECORD = 256;

  /** {@code traces} cut in order into lists of at most {@code max}. */
  static List<List<TimedTrace>> chunks(List<TimedTrace> traces, int max) {
    if (traces.size() <= max) {
      return List.of(traces);
    }
    List<List<TimedTrace>> chunks = new ArrayList<>();
    for (int from = 0; from < traces.size(); from += max) {
      chunks.add(traces.subList(from, Math.min(from + max, traces.size())));
    }
    return chunks;
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
