package io.strata.correlator.codec;

import static io.strata.correlator.codec.BinaryCodec.readCorrelation;
import static io.strata.correlator.codec.BinaryCodec.readInstant;
import static io.strata.correlator.codec.BinaryCodec.readLong;
import static io.strata.correlator.codec.BinaryCodec.readString;
import static io.strata.correlator.codec.BinaryCodec.writeCorrelation;
import static io.strata.correlator.codec.BinaryCodec.writeInstant;
import static io.strata.correlator.codec.BinaryCodec.writeLong;
import static io.strata.correlator.codec.BinaryCodec.writeString;

import io.strata.correlator.trace.AssembledTrace;
import io.strata.correlator.trace.OpenTrace;
import io.strata.correlator.trace.TraceAccumulator;
import io.strata.events.trace.Stage;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;

/** Binary encodings of the trace side's internal values. */
public final class TraceCodecs {

  private static final int VERSION = 1;
  private static final Stage[] STAGES = Stage.values();

  private TraceCodecs() {}

  /** A trace being assembled, in the trace-parts store. */
  public static BinarySerde<OpenTrace> openTraces() {
    return new BinarySerde<>(TraceCodecs::writeOpen, TraceCodecs::readOpen);
  }

  /** An assembled request, on the requests-by-workload-version repartition topic. */
  public static BinarySerde<AssembledTrace> assembled() {
    return new BinarySerde<>(TraceCodecs::writeAssembled, TraceCodecs::readAssembled);
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
    out.writeByte(t.stageNanos().size());
    for (Map.Entry<Stage, Long> stage : t.stageNanos().entrySet()) {
      out.writeByte(stage.getKey().ordinal());
      out.writeLong(stage.getValue());
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
    Map<Stage, Long> stages = new EnumMap<>(Stage.class);
    for (int i = 0; i < stageCount; i++) {
      stages.put(STAGES[in.readUnsignedByte()], in.readLong());
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
      stages.put(STAGES[in.readUnsignedByte()], in.readDouble());
    }
    Stage longest = STAGES[in.readUnsignedByte()];
    return new AssembledTrace(
        traceId, correlation, gpu, start, duration, error, stages, longest, readLong(in));
  }
}
