package io.strata.correlator.topology;

import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.trace.AssembledTrace;
import io.strata.correlator.trace.TraceAccumulator;
import io.strata.correlator.window.RequestWindow;
import io.strata.correlator.window.RequestWindowSerde;
import io.strata.events.topic.Topics;
import io.strata.events.trace.SpanSummary;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.SessionWindows;
import org.apache.kafka.streams.kstream.Suppressed;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The trace side of the topology: spans grouped by trace_id into requests (session windows), and
 * requests measured per workload × model_version (hopping windows, evaluated once closed).
 */
final class TraceTopology {

  private TraceTopology() {}

  static KStream<String, AssembledTrace> assembleTraces(
      StreamsBuilder builder, CorrelatorSettings settings, CorrelatorMetrics metrics) {
    Serde<SpanSummary> spans = Topics.TRACE_SPANS.valueSerde();
    return CorrelatorTopology.source(builder, Topics.TRACE_SPANS, "spans")
        .filter((traceId, span) -> span != null, Named.as("spans-present"))
        .mapValues(
            (traceId, span) -> {
              if (traceId == null || traceId.isBlank()) {
                throw new IllegalArgumentException(
                    "a span without trace_id key cannot be assembled");
              }
              return span;
            },
            Named.as("spans-keyed"))
        .groupByKey(Grouped.with("spans-by-trace", Serdes.String(), spans))
        .windowedBy(
            SessionWindows.ofInactivityGapAndGrace(
                settings.traces().inactivityGap(), settings.traces().grace()))
        .aggregate(
            TraceAccumulator::empty,
            (traceId, span, trace) -> trace.plus(span),
            (traceId, left, right) -> left.merge(right),
            Named.as("trace-assembly"),
            Materialized.<String, TraceAccumulator, SessionStore<Bytes, byte[]>>as(
                    StoreNames.TRACE_SESSIONS)
                .withKeySerde(Serdes.String())
                .withValueSerde(CorrelatorTopology.json(TraceAccumulator.class))
                .withStoreType(settings.storeType()))
        .suppress(
            Suppressed.untilWindowCloses(Suppressed.BufferConfig.unbounded())
                .withName("trace-complete"))
        .toStream(Named.as("completed-traces"))
        .filter((window, trace) -> trace != null, Named.as("traces-present"))
        .map(
            (window, trace) -> KeyValue.pair(window.key(), trace.assemble()),
            Named.as("assemble-trace"))
        .peek(
            (traceId, trace) -> metrics.traceAssembled(trace.attributable()),
            Named.as("count-traces"));
  }

  static KStream<String, WorkloadInput> measureWindows(
      KStream<String, AssembledTrace> traces, CorrelatorSettings settings) {
    CorrelatorSettings.Windows windows = settings.windows();
    double sloMillis = windows.slo().toNanos() / 1_000_000.0;
    return traces
        .filter((traceId, trace) -> trace.attributable(), Named.as("attributable-traces"))
        .selectKey(
            (traceId, trace) -> RoutingKeys.workloadVersion(trace.correlation()),
            Named.as("traces-by-workload-version"))
        .groupByKey(
            Grouped.with(
                "requests-by-workload-version",
                Serdes.String(),
                CorrelatorTopology.json(AssembledTrace.class)))
        .windowedBy(
            TimeWindows.ofSizeAndGrace(windows.size(), windows.grace())
                .advanceBy(windows.advance()))
        .aggregate(
            RequestWindow::new,
            (key, trace, window) -> window.add(trace, sloMillis, windows.exemplarTraces()),
            Named.as("request-window-aggregate"),
            Materialized.<String, RequestWindow, WindowStore<Bytes, byte[]>>as(
                    StoreNames.REQUEST_WINDOWS)
                .withKeySerde(Serdes.String())
                .withValueSerde(new RequestWindowSerde())
                .withStoreType(settings.storeType()))
        .suppress(
            Suppressed.untilWindowCloses(Suppressed.BufferConfig.unbounded())
                .withName("request-window-closed"))
        .toStream(Named.as("closed-request-windows"))
        .map(
            (window, requests) ->
                KeyValue.pair(
                    window.key().substring(0, window.key().lastIndexOf('|')),
                    WorkloadInput.window(
                        requests.stats(window.window().startTime(), window.window().endTime()))),
            Named.as("window-stats-by-workload"));
  }
}
