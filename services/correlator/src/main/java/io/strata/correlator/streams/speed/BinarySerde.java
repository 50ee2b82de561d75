package io.strata.correlator.streams.speed;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/** A Kafka serde over a {@link BinaryCodec} writer and reader; null stays null (tombstones). */
public final class BinarySerde<T> implements Serde<T> {

  private final BinaryCodec.Writer<T> writer;
  private final BinaryCodec.Reader<T> reader;

  public BinarySerde(BinaryCodec.Writer<T> writer, BinaryCodec.Reader<T> reader) {
    this.writer = writer;
    this.reader = reader;
  }

  @Override
  public Serializer<T> serializer() {
    return (topic, value) -> value == null ? null : BinaryCodec.encode(value, writer);
  }

  @Override
  public Deserializer<T> deserializer() {
    return (topic, data) -> data == null ? null : BinaryCodec.decode(data, reader);
  }
}
