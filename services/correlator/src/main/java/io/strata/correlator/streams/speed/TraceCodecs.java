package io.strata.correlator.streams.speed;

import static io.strata.correlator.streams.speed.BinaryCodec.readCorrelation;
import static io.strata.correlator.streams.speed.BinaryCodec.readInstant;
import static io.strata.correlator.streams.speed.BinaryCodec.readLong;
import static io.strata.correlator.streams.speed.BinaryCodec.readString;
import static io.strata.correlator.streams.speed.BinaryCodec.writeCorrelation;
import static io.strata.correlator.streams.speed.BinaryCodec.writeInstant;
import static io.strata.correlator.streams.speed.BinaryCodec.writeLong;
import static io.strata.correlator.streams.speed.BinaryCodec.writeString;

import io.strata.correlator.core.request.AssembledTrace;
import io.strata.correlator.core.request.OpenTrace;
import io.strata.correlator.core.request.StageNanos;
import io.strata.correlator.core.request.TimedTrace;
import io.strata.correlator.core.request.TraceAccumulator;
import io.strata.correlator.core.request.VersionRequests;
import io.strata.events.trace.Stage;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Binary encodings of the trace side's internal values. */
public final class TraceCodecs {

  private static final int VERSION = 1;

  /** A batch of assembled requests with their timestamps. */
  private static final int BATCH_VERSION = 2;

  private static final Stage[] STAGES = Stage.values();

  private TraceCodecs() {}

  /** A trace being assembled, in the trace-parts store. */
  public static BinarySerde<OpenTrace> openTraces() {
    return new BinarySerde<>(TraceCodecs::writeOpen, TraceCodecs::readOpen);
  }

  /** An assembled request, in the request-slices window store. */
  public static BinarySerde<AssembledTrace> assembled() {
    return new BinarySerde<>(TraceCodecs::writeAssembled, TraceCodecs::readAssembled);
  }

  /**
   * One workload × model_version's requests of a completion sweep, on the
   * requests-by-workload-version repartition topic.
   */
  public static BinarySerde<VersionRequests> versionRequests() {
    return new BinarySerde<>(TraceCodecs::writeRequests, TraceCodecs::readRequests);
  }

  static void writeRequests(DataOutputStream out, VersionRequests requests) throws IOException {
    List<TimedTrace> traces = requests.traces();
    out.writeByte(BATCH_VERSION);
    out.writeInt(traces.size());
    for (TimedTrace timed : traces) {
      out.writeLong(timed.timestamp());
      writeAssembled(out, timed.trace());
    }
  }

  static VersionRequests readRequests(DataInputStream in) throws IOException {
    BinaryCodec.expectVersion(in, BATCH_VERSION, "requests of a version");
    int count = in.readInt();
    if (count < 0) {
      throw new IOException("requests of a version count " + count);
    }
    // Sized from the data only up to a bound: a corrupt count must fail decoding, not the heap.
    List<TimedTrace> traces = new ArrayList<>(Math.min(count, 1024));
    for (int i = 0; i < count; i++) {
      long timestamp = in.readLong();
      traces.add(new TimedTrace(readAssembled(in), timestamp));
    }
    return new VersionRequests(traces);
  }

  static void writeOpen(DataOutputStream out, OpenTrace open) throws IOException {
    out.writeByte(VERSION);
    out.writeLong(open.lastSeenStreamTime());
    out.writeLong(open.lastSpanTimestamp());
    TraceAccumulator t = open.trace();
    writeString(out, t.traceId());
    out.writeInt(t.spans());
    writeInstant(out, t.rootStart());
    writeLong(out, t.rootDurationNanos());
    writeInstant(out, t.firstStart());
    writeInstant(out, t.lastEnd());
    out.writeBoolean(t.error());
    StageNanos stages = t.stageNanos();
    out.writeByte(stages.size());
    for (Stage stage : STAGES) {
      if (stages.has(stage)) {
        out.writeByte(stage.ordinal());
        out.writeLong(stages.get(stage));
      }
    }
    writeCorrelation(out, t.correlation());
    writeString(out, t.gpuUuid());
    writeLong(out, t.outputTokens());
  }

  static OpenTrace readOpen(DataInputStream in) throws IOException {
    BinaryCodec.expectVersion(in, VERSION, "an open trace");
    long lastSeen = in.readLong();
    long lastSpan = in.readLong();
    String traceId = readString(in);
    int spans = in.readInt();
    var rootStart = readInstant(in);
    Long rootDuration = readLong(in);
    var firstStart = readInstant(in);
    var lastEnd = readInstant(in);
    boolean error = in.readBoolean();
    int stageCount = in.readUnsignedByte();
    StageNanos stages = StageNanos.none();
    for (int i = 0; i < stageCount; i++) {
      stages = stages.plus(stage(in.readUnsignedByte()), in.readLong());
    }
    TraceAccumulator trace =
        new TraceAccumulator(
            traceId,
            spans,
            rootStart,
            rootDuration,
            firstStart,
            lastEnd,
            error,
            stages,
            readCorrelation(in),
            readString(in),
            readLong(in));
    return new OpenTrace(trace, lastSeen, lastSpan);
  }

  static void writeAssembled(DataOutputStream out, AssembledTrace t) throws IOException {
    out.writeByte(VERSION);
    writeString(out, t.traceId());
    writeCorrelation(out, t.correlation());
    writeString(out, t.gpuUuid());
    writeInstant(out, t.start());
    out.writeDouble(t.durationMillis());
    out.writeBoolean(t.error());
    out.writeByte(t.stageMillis().size());
    for (Map.Entry<Stage, Double> stage : t.stageMillis().entrySet()) {
      out.writeByte(stage.getKey().ordinal());
      out.writeDouble(stage.getValue());
    }
    out.writeByte(t.longestStage().ordinal());
    writeLong(out, t.outputTokens());
  }

  static AssembledTrace readAssembled(DataInputStream in) throws IOException {
    BinaryCodec.expectVersion(in, VERSION, "an assembled trace");
    String traceId = readString(in);
    var correlation = readCorrelation(in);
    String gpu = readString(in);
    var start = readInstant(in);
    double duration = in.readDouble();
    boolean error = in.readBoolean();
    int stageCount = in.readUnsignedByte();
    Map<Stage, Double> stages = new EnumMap<>(Stage.class);
    for (int i = 0; i < stageCount; i++) {
      stages.put(stage(in.readUnsignedByte()), in.readDouble());
    }
    Stage longest = stage(in.readUnsignedByte());
    return new AssembledTrace(
        traceId, correlation, gpu, start, duration, error, stages, longest, readLong(in));
  }

  private static Stage stage(int ordinal) throws IOException {
    if (ordinal >= STAGES.length) {
      throw new IOException("stage " + ordinal + " is not one of the " + STAGES.length + " stages");
    }
    return STAGES[ordinal];
  }
}
