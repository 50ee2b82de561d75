package io.strata.correlator.streams;

import io.strata.correlator.streams.speed.BinaryCodec;
import io.strata.correlator.streams.speed.WorkloadCodecs;
import io.strata.events.serde.JsonSerde;
import java.io.DataInputStream;
import java.io.IOException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The workload-inputs repartition's values: the state of an owned GPU and its release (nearly
 * every record of the topic: one per owned GPU whose state changed) in the binary codec, the rare
 * windows, pods, events and watches as JSON ({@link WorkloadInput}). A binary value starts with its
 * case byte, JSON with {@code '{'}. Internal topic only: the public topics stay JSON
 * (docs/EVENTS.md).
 */
final class WorkloadInputSerde implements Serde<WorkloadInput> {

  /** An owned GPU's snapshot. */
  private static final int GPU = 1;

  /** A GPU the workload no longer holds. */
  private static final int GPU_RELEASED = 2;

  private final JsonSerde<WorkloadInput> json = new JsonSerde<>(WorkloadInput.class);

  @Override
  public Serializer<WorkloadInput> serializer() {
    return (topic, value) -> {
      if (value instanceof WorkloadInput.Gpu gpu) {
        return BinaryCodec.encode(
            gpu,
            (out, g) -> {
              out.writeByte(GPU);
              BinaryCodec.writeString(out, g.gpuUuid());
              WorkloadCodecs.writeSnapshot(out, g.gpu());
            });
      }
      if (value instanceof WorkloadInput.GpuReleased released) {
        return BinaryCodec.encode(
            released,
            (out, r) -> {
              out.writeByte(GPU_RELEASED);
              BinaryCodec.writeString(out, r.gpuUuid());
            });
      }
      return json.serialize(topic, value);
    };
  }

  @Override
  public Deserializer<WorkloadInput> deserializer() {
    return (topic, data) -> {
      if (data == null || data.length == 0 || data[0] == '{') {
        return json.deserialize(topic, data);
      }
      return BinaryCodec.decode(data, WorkloadInputSerde::readBinary);
    };
  }

  private static WorkloadInput readBinary(DataInputStream in) throws IOException {
    int kind = in.readUnsignedByte();
    return switch (kind) {
      case GPU ->
          new WorkloadInput.Gpu(BinaryCodec.readString(in), WorkloadCodecs.readSnapshot(in));
      case GPU_RELEASED -> new WorkloadInput.GpuReleased(BinaryCodec.readString(in));
      default ->
          throw new IOException(
              "a workload-inputs record has case "
                  + kind
                  + ", expected "
                  + GPU
                  + " or "
                  + GPU_RELEASED);
    };
  }
}
