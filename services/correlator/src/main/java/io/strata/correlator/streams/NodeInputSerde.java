package io.strata.correlator.streams;

import io.strata.correlator.streams.speed.BinaryCodec;
import io.strata.correlator.streams.speed.NodeCodecs;
import io.strata.events.serde.JsonSerde;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The node-inputs repartition's values: a node's requests of one completion sweep (nearly every
 * record of the topic, ADR 040) in the binary codec, the rare pods and claims as JSON ({@link
 * NodeInput}). A binary value starts with its format version byte, JSON with {@code '{'}. Internal
 * topic only: the public topics stay JSON (docs/EVENTS.md).
 */
final class NodeInputSerde implements Serde<NodeInput> {

  /** One node's requests of a completion sweep. */
  private static final int TRACES_VERSION = 2;

  private final JsonSerde<NodeInput> json = new JsonSerde<>(NodeInput.class);

  @Override
  public Serializer<NodeInput> serializer() {
    return (topic, value) -> {
      if (value instanceof NodeInput.Traces traces) {
        return BinaryCodec.encode(traces, NodeInputSerde::writeTraces);
      }
      return json.serialize(topic, value);
    };
  }

  @Override
  public Deserializer<NodeInput> deserializer() {
    return (topic, data) -> {
      if (data == null || data.length == 0 || data[0] == '{') {
        return json.deserialize(topic, data);
      }
      return BinaryCodec.decode(data, NodeInputSerde::readBinary);
    };
  }

  private static void writeTraces(DataOutputStream out, NodeInput.Traces traces)
      throws IOException {
    out.writeByte(TRACES_VERSION);
    out.writeInt(traces.traces().size());
    for (NodeInput.Trace trace : traces.traces()) {
      writeTrace(out, trace);
    }
  }

  private static void writeTrace(DataOutputStream out, NodeInput.Trace trace) throws IOException {
    BinaryCodec.writeString(out, trace.gpuUuid());
    NodeCodecs.writeTrace(out, trace.trace());
  }

  private static NodeInput readBinary(DataInputStream in) throws IOException {
    BinaryCodec.expectVersion(in, TRACES_VERSION, "a node-inputs record");
    int count = in.readInt();
    if (count < 0) {
      throw new IOException("a node-inputs record has " + count + " traces");
    }
    // Sized from the data only up to a bound: a corrupt count must fail decoding, not the heap.
    List<NodeInput.Trace> traces = new ArrayList<>(Math.min(count, 1024));
    for (int i = 0; i < count; i++) {
      traces.add(readTrace(in));
    }
    return new NodeInput.Traces(traces);
  }

  private static NodeInput.Trace readTrace(DataInputStream in) throws IOException {
    return new NodeInput.Trace(BinaryCodec.readString(in), NodeCodecs.readTrace(in));
  }
}
