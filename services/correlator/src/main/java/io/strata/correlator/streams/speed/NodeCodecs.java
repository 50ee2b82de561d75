package io.strata.correlator.streams.speed;

import static io.strata.correlator.streams.speed.BinaryCodec.readInstant;
import static io.strata.correlator.streams.speed.BinaryCodec.readString;
import static io.strata.correlator.streams.speed.BinaryCodec.writeInstant;
import static io.strata.correlator.streams.speed.BinaryCodec.writeString;

import io.strata.correlator.core.state.GpuExemplars;
import io.strata.correlator.core.state.GpuView;
import io.strata.correlator.core.state.MismatchState;
import io.strata.correlator.core.state.XidMark;
import io.strata.events.device.FindingReason;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidOrigin;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.trace.Stage;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;

/**
 * The binary encodings of the node side's per-GPU entries ({@code node-gpus}, {@code
 * node-exemplars}): written once per GPU sample, so their cost is the correlator's cost per sample.
 */
public final class NodeCodecs {

  private static final int VERSION = 1;

  private NodeCodecs() {}

  public static Serde<GpuView> gpuViews() {
    return new BinarySerde<>(NodeCodecs::writeGpu, NodeCodecs::readGpu);
  }

  public static Serde<GpuExemplars> gpuExemplars() {
    return new BinarySerde<>(NodeCodecs::writeExemplars, NodeCodecs::readExemplars);
  }

  static void writeGpu(DataOutputStream out, GpuView gpu) throws IOException {
    out.writeByte(VERSION);
    DeviceCodecs.writeSample(out, gpu.latest());
    DeviceCodecs.writeSample(out, gpu.previous());
    writeXids(out, gpu.xids());
    MismatchState mismatch = gpu.mismatch();
    out.writeBoolean(mismatch != null);
    if (mismatch != null) {
      writeEnum(out, mismatch.reason());
      writeInstant(out, mismatch.since());
      out.writeBoolean(mismatch.reported());
      writeString(out, mismatch.findingId());
    }
    writeString(out, gpu.ownerWorkload());
    writeString(out, gpu.ownerPod());
    writeTraces(out, gpu.exemplars());
    out.writeInt(gpu.cleanToReport());
    writeInstant(out, gpu.reportedAt());
    writeString(out, gpu.reportedSignature());
  }

  static GpuView readGpu(DataInputStream in) throws IOException {
    BinaryCodec.expectVersion(in, VERSION, "a GPU entry");
    var latest = DeviceCodecs.readSample(in);
    var previous = DeviceCodecs.readSample(in);
    List<XidMark> xids = readXids(in);
    MismatchState mismatch =
        in.readBoolean()
            ? new MismatchState(
                readEnum(in, FindingReason.class),
                readInstant(in),
                in.readBoolean(),
                readString(in))
            : null;
    return new GpuView(
        latest,
        previous,
        xids,
        mismatch,
        readString(in),
        readString(in),
        readTraces(in),
        in.readInt(),
        readInstant(in),
        readString(in));
  }

  static void writeXids(DataOutputStream out, List<XidMark> xids) throws IOException {
    out.writeShort(xids.size());
    for (XidMark xid : xids) {
      out.writeInt(xid.xid());
      writeEnum(out, xid.action());
      writeEnum(out, xid.origin());
      out.writeLong(xid.occurrences());
      writeInstant(out, xid.at());
    }
  }

  static List<XidMark> readXids(DataInputStream in) throws IOException {
    int count = in.readUnsignedShort();
    List<XidMark> xids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      xids.add(
          new XidMark(
              in.readInt(),
              readEnum(in, XidAction.class),
              readEnum(in, XidOrigin.class),
              in.readLong(),
              readInstant(in)));
    }
    return xids;
  }

  static void writeExemplars(DataOutputStream out, GpuExemplars exemplars) throws IOException {
    out.writeByte(VERSION);
    writeTraces(out, exemplars.traces());
  }

  static GpuExemplars readExemplars(DataInputStream in) throws IOException {
    BinaryCodec.expectVersion(in, VERSION, "a GPU's exemplars");
    return new GpuExemplars(readTraces(in));
  }

  static void writeTraces(DataOutputStream out, List<ExemplarTrace> traces) throws IOException {
    out.writeShort(traces.size());
    for (ExemplarTrace trace : traces) {
      writeTrace(out, trace);
    }
  }

  /** One request as a GPU's exemplar (also the node-inputs repartition's trace records). */
  public static void writeTrace(DataOutputStream out, ExemplarTrace trace) throws IOException {
    writeString(out, trace.traceId());
    out.writeDouble(trace.durationMillis());
    writeEnum(out, trace.longestStage());
    out.writeByte(trace.stageMillis().size());
    for (Map.Entry<Stage, Double> stage : trace.stageMillis().entrySet()) {
      writeEnum(out, stage.getKey());
      out.writeDouble(stage.getValue());
    }
    writeString(out, trace.pod());
    writeString(out, trace.node());
    writeString(out, trace.gpuUuid());
  }

  static List<ExemplarTrace> readTraces(DataInputStream in) throws IOException {
    int count = in.readUnsignedShort();
    List<ExemplarTrace> traces = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      traces.add(readTrace(in));
    }
    return traces;
  }

  public static ExemplarTrace readTrace(DataInputStream in) throws IOException {
    String traceId = readString(in);
    double duration = in.readDouble();
    Stage longest = readEnum(in, Stage.class);
    int stages = in.readUnsignedByte();
    Map<Stage, Double> stageMillis = new EnumMap<>(Stage.class);
    for (int s = 0; s < stages; s++) {
      stageMillis.put(readEnum(in, Stage.class), in.readDouble());
    }
    return new ExemplarTrace(
        traceId, duration, longest, stageMillis, readString(in), readString(in), readString(in));
  }

  /** By name, null as absent: an enum reordered in libs/events keeps its stored meaning. */
  static void writeEnum(DataOutputStream out, Enum<?> value) throws IOException {
    writeString(out, value == null ? null : value.name());
  }

  static <E extends Enum<E>> E readEnum(DataInputStream in, Class<E> type) throws IOException {
    String name = readString(in);
    return name == null ? null : Enum.valueOf(type, name);
  }
}
