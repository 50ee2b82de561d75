package io.strata.correlator.core.request;

import java.util.List;

/**
 * One workload × model_version's requests, as the requests-by-workload-version repartition carries
 * them: a record per version per completion sweep (ADR 040), or a single request as a correlator
 * before that wrote it (one per record).
 */
public sealed interface VersionRequests {

  /** The requests with their timestamps; a single request's is the record's. */
  List<TimedTrace> timed(long recordTimestamp);

  /** The requests one completion sweep assembled for this version, each with its own time. */
  record Batch(List<TimedTrace> traces) implements VersionRequests {
    public Batch {
      traces = List.copyOf(traces);
    }

    @Override
    public List<TimedTrace> timed(long recordTimestamp) {
      return traces;
    }
  }

  /** A request an earlier correlator wrote alone: it carried its time as the record's. */
  record Single(AssembledTrace trace) implements VersionRequests {
    @Override
    public List<TimedTrace> timed(long recordTimestamp) {
      return List.of(new TimedTrace(trace, recordTimestamp));
    }
  }
}
