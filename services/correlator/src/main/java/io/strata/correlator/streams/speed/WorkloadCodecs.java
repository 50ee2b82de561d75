package io.strata.correlator.streams.speed;

import static io.strata.correlator.streams.speed.BinaryCodec.readInstant;
import static io.strata.correlator.streams.speed.BinaryCodec.readString;
import static io.strata.correlator.streams.speed.BinaryCodec.writeInstant;
import static io.strata.correlator.streams.speed.BinaryCodec.writeString;

import io.strata.correlator.core.state.DeviceAnomaly;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.events.device.HealthStatus;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;

/**
 * The binary encoding of a GPU as its workload sees it ({@link GpuSnapshot}): sent from the node
 * side on the workload-inputs repartition whenever an owned GPU's state changes that matters, and
 * kept per GPU in {@code workload-gpus}, so after the device sample it is the correlator's most
 * frequent value.
 */
public final class WorkloadCodecs {

  private static final int VERSION = 1;

  private WorkloadCodecs() {}

  /** The {@code workload-gpus} store's values. */
  public static Serde<GpuSnapshot> gpuSnapshots() {
    return new BinarySerde<>(
        (out, snapshot) -> {
          out.writeByte(VERSION);
          writeSnapshot(out, snapshot);
        },
        in -> {
          BinaryCodec.expectVersion(in, VERSION, "a workload's GPU");
          return readSnapshot(in);
        });
  }

  /** One snapshot without a version byte, for a value that carries its own. */
  public static void writeSnapshot(DataOutputStream out, GpuSnapshot gpu) throws IOException {
    writeString(out, gpu.cluster());
    writeString(out, gpu.node());
    writeString(out, gpu.gpuUuid());
    writeString(out, gpu.podKey());
    DeviceCodecs.writeDoubles(out, gpu.fields());
    NodeCodecs.writeEnum(out, gpu.health());
    NodeCodecs.writeXids(out, gpu.recentXids());
    out.writeShort(gpu.anomalies().size());
    for (DeviceAnomaly anomaly : gpu.anomalies()) {
      NodeCodecs.writeEnum(out, anomaly);
    }
    writeInstant(out, gpu.at());
  }

  public static GpuSnapshot readSnapshot(DataInputStream in) throws IOException {
    String cluster = readString(in);
    String node = readString(in);
    String gpuUuid = readString(in);
    String podKey = readString(in);
    var fields = DeviceCodecs.readDoubles(in);
    HealthStatus health = NodeCodecs.readEnum(in, HealthStatus.class);
    var xids = NodeCodecs.readXids(in);
    int anomalyCount = in.readUnsignedShort();
    List<DeviceAnomaly> anomalies = new ArrayList<>(anomalyCount);
    for (int i = 0; i < anomalyCount; i++) {
      anomalies.add(NodeCodecs.readEnum(in, DeviceAnomaly.class));
    }
    return new GpuSnapshot(
        cluster, node, gpuUuid, podKey, fields, health, xids, anomalies, readInstant(in));
  }
}
