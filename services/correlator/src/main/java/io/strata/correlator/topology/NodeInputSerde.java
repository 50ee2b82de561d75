package io.strata.correlator.topology;

import io.strata.correlator.codec.BinaryCodec;
import io.strata.correlator.codec.NodeCodecs;
import io.strata.events.serde.JsonSerde;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The node-inputs repartition's values: a request's exemplar (one per assembled trace, nearly every
 * record of the topic) in the binary codec, the rare pods and claims as the JSON {@link NodeInput}
 * always was. A binary value starts with its format version byte, JSON with {@code '{'}, so records
 * a previous correlator left in the topic still decode after an upgrade. Internal topic only: the
 * public topics stay JSON (docs/EVENTS.md).
 */
final class NodeInputSerde implements Serde<NodeInput> {

  private static final int TRACE_VERSION = 1;

  private final JsonSerde<NodeInput> json = new JsonSerde<>(NodeInput.class);

  @Override
  public Serializer<NodeInput> serializer() {
    return (topic, value) -> {
      if (value instanceof NodeInput.Trace trace) {
        return BinaryCodec.encode(
            trace,
            (out, t) -> {
              out.writeByte(TRACE_VERSION);
              BinaryCodec.writeString(out, t.gpuUuid());
              NodeCodecs.writeTrace(out, t.trace());
            });
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
      return BinaryCodec.decode(
          data,
          in -> {
            BinaryCodec.expectVersion(in, TRACE_VERSION, "a node-inputs trace");
            return new NodeInput.Trace(BinaryCodec.readString(in), NodeCodecs.readTrace(in));
          });
    };
  }
}
