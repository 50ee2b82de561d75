package io.strata.correlator.streams.speed;

import io.strata.correlator.core.request.TimedTrace;
import java.util.List;

/**
 * The requests the trace assembler (streams.TraceAssembler) completed on one span, in completion
 * order: a sweep (every trace quiet for the gap plus grace, hundreds to thousands at once) and any
 * completed early past {@code traces.max-open}. Forwarded as one record so what follows can send
 * one record per destination instead of one per request (ADR 040). Never leaves the trace task.
 */
public record TraceSweep(List<TimedTrace> traces) {

  public TraceSweep {
    traces = List.copyOf(traces);
  }
}
