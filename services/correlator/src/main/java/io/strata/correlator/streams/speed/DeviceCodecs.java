package io.strata.correlator.streams.speed;

import static io.strata.correlator.streams.speed.BinaryCodec.readInstant;
import static io.strata.correlator.streams.speed.BinaryCodec.readString;
import static io.strata.correlator.streams.speed.BinaryCodec.writeInstant;
import static io.strata.correlator.streams.speed.BinaryCodec.writeString;

import io.strata.events.device.DeviceOwner;
import io.strata.events.device.DeviceSample;
import io.strata.events.device.HealthStatus;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The binary form of a {@link DeviceSample} inside the correlator's node-side state: every record
 * component in declaration order (DeviceCodecsTest fills every component and fails when one is
 * added to the record but not here). Enum values travel by name, so reordering an enum in
 * libs/events cannot change what a stored value means.
 */
public final class DeviceCodecs {

  private DeviceCodecs() {}

  public static void writeSample(DataOutputStream out, DeviceSample sample) throws IOException {
    out.writeBoolean(sample != null);
    if (sample == null) {
      return;
    }
    writeString(out, sample.cluster());
    writeString(out, sample.node());
    writeString(out, sample.gpuUuid());
    writeString(out, sample.gpuIndex());
    writeString(out, sample.pciBusId());
    writeString(out, sample.device());
    writeString(out, sample.modelName());
    writeString(out, sample.driverVersion());
    writeString(out, sample.migProfile());
    writeString(out, sample.migInstanceId());
    writeOwner(out, sample.owner());
    BinaryCodec.writeUtf(out, sample.health().name());
    writeDoubles(out, sample.fields());
    writeDoubles(out, sample.otherFields());
    out.writeBoolean(sample.lastXid() != null);
    if (sample.lastXid() != null) {
      out.writeInt(sample.lastXid());
    }
    writeString(out, sample.target());
    writeInstant(out, sample.scrapedAt());
  }

  public static DeviceSample readSample(DataInputStream in) throws IOException {
    if (!in.readBoolean()) {
      return null;
    }
    return new DeviceSample(
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readOwner(in),
        HealthStatus.valueOf(in.readUTF()),
        readDoubles(in),
        readDoubles(in),
        in.readBoolean() ? in.readInt() : null,
        readString(in),
        readInstant(in));
  }

  static void writeOwner(DataOutputStream out, DeviceOwner owner) throws IOException {
    writeString(out, owner.namespace());
    writeString(out, owner.pod());
    writeString(out, owner.container());
    writeString(out, owner.podUid());
    writeString(out, owner.vgpu());
    writeString(out, owner.draClaimNamespace());
    writeString(out, owner.draClaimName());
    writeString(out, owner.draDriver());
    writeString(out, owner.draPool());
    writeString(out, owner.draDevice());
    writeString(out, owner.draMigProfile());
    writeString(out, owner.draMigDeviceUuid());
  }

  static DeviceOwner readOwner(DataInputStream in) throws IOException {
    return new DeviceOwner(
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in));
  }

  static void writeDoubles(DataOutputStream out, Map<String, Double> values) throws IOException {
    out.writeShort(values.size());
    for (Map.Entry<String, Double> entry : values.entrySet()) {
      BinaryCodec.writeUtf(out, entry.getKey());
      out.writeDouble(entry.getValue());
    }
  }

  static Map<String, Double> readDoubles(DataInputStream in) throws IOException {
    int size = in.readUnsignedShort();
    Map<String, Double> values = new HashMap<>(size * 2);
    for (int i = 0; i < size; i++) {
      values.put(in.readUTF(), in.readDouble());
    }
    return values;
  }
}
