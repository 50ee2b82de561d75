package io.strata.correlator.streams.speed;

import io.strata.events.serde.JsonSerde;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Writes the binary encoding and reads both it and the JSON an older correlator wrote to the same
 * store: a binary value starts with its format version byte (1, 2, ...), a JSON object with
 * {@code '{'}, so the first byte tells them apart and an upgrade needs no state reset.
 */
final class JsonFallbackSerde<T> implements Serde<T> {

  private final Serde<T> binary;
  private final Serde<T> json;

  JsonFallbackSerde(Serde<T> binary, Class<T> type) {
    this.binary = binary;
    this.json = new JsonSerde<>(type);
  }

  @Override
  public Serializer<T> serializer() {
    return binary.serializer();
  }

  @Override
  public Deserializer<T> deserializer() {
    Deserializer<T> fromBinary = binary.deserializer();
    Deserializer<T> fromJson = json.deserializer();
    return (topic, data) ->
        data != null && data.length > 0 && data[0] == '{'
            ? fromJson.deserialize(topic, data)
            : fromBinary.deserialize(topic, data);
  }
}
