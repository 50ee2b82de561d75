package io.strata.events.serde;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.events.json.FastJsonReader;
import io.strata.events.json.StrataJson;
import io.strata.events.serde.EventSerdeException.SerdeFailure;
import java.io.IOException;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Kafka serde for one event type in Strata's JSON mapping. A null value is a tombstone both ways;
 * anything else that does not bind fails with an {@link EventSerdeException} carrying a {@link
 * SerdeFailure} reason. A type may have a {@link FastJsonReader} for its common form, tried first;
 * whatever it defers on is bound as before, so it changes the cost of reading, never the outcome.
 */
public final class JsonSerde<T> implements Serde<T>, Serializer<T>, Deserializer<T> {

  private final Class<T> type;
  private final ObjectMapper mapper;
  private final FastJsonReader<T> fastReader;

  public JsonSerde(Class<T> type) {
    this(type, StrataJson.mapper(), null);
  }

  /** A serde that tries {@code fastReader} before data binding (see {@link FastJsonReader}). */
  public JsonSerde(Class<T> type, FastJsonReader<T> fastReader) {
    this(type, StrataJson.mapper(), fastReader);
  }

  JsonSerde(Class<T> type, ObjectMapper mapper) {
    this(type, mapper, null);
  }

  private JsonSerde(Class<T> type, ObjectMapper mapper, FastJsonReader<T> fastReader) {
    this.type = type;
    this.mapper = mapper;
    this.fastReader = fastReader;
  }

  public Class<T> type() {
    return type;
  }

  @Override
  public byte[] serialize(String topic, T data) {
    if (data == null) {
      return null;
    }
    try {
      return mapper.writeValueAsBytes(data);
    } catch (JsonProcessingException e) {
      throw new EventSerdeException(
          SerdeFailure.WRITE_FAILED,
          "cannot write "
              + type.getSimpleName()
              + " for topic "
              + topic
              + ": "
              + e.getOriginalMessage(),
          e);
    }
  }

  @Override
  public T deserialize(String topic, byte[] data) {
    if (data == null) {
      return null;
    }
    if (data.length == 0) {
      throw new EventSerdeException(
          SerdeFailure.EMPTY_PAYLOAD,
          "empty payload for " + type.getSimpleName() + " on topic " + topic,
          null);
    }
    // First, so the common form skips the lone-surrogate scan too (FastJsonReader's contract).
    T fast = readFast(data);
    if (fast != null) {
      return fast;
    }
    int lone = Utf16Check.loneSurrogate(data);
    if (lone >= 0) {
      throw new EventSerdeException(
          SerdeFailure.MALFORMED_JSON,
          "malformed JSON for "
              + type.getSimpleName()
              + " on topic "
              + topic
              + ": a lone UTF-16 surrogate at byte "
              + lone
              + " (not Unicode text)",
          null);
    }
    try {
      T value = mapper.readValue(data, type);
      if (value == null) {
        throw new EventSerdeException(
            SerdeFailure.SCHEMA_MISMATCH,
            "JSON null is not a " + type.getSimpleName() + " on topic " + topic,
            null);
      }
      return value;
    } catch (DatabindException e) {
      throw new EventSerdeException(
          SerdeFailure.SCHEMA_MISMATCH,
          "not a " + type.getSimpleName() + " on topic " + topic + ": " + e.getOriginalMessage(),
          e);
    } catch (JsonProcessingException e) {
      throw new EventSerdeException(
          SerdeFailure.MALFORMED_JSON,
          "malformed JSON for "
              + type.getSimpleName()
              + " on topic "
              + topic
              + ": "
              + e.getOriginalMessage(),
          e);
    } catch (IOException e) {
      throw new EventSerdeException(
          SerdeFailure.MALFORMED_JSON,
          "unreadable payload for " + type.getSimpleName() + " on topic " + topic,
          e);
    }
  }

  /** The fast reader's value for a whole document with nothing after it, else null. */
  private T readFast(byte[] data) {
    if (fastReader == null) {
      return null;
    }
    try (JsonParser parser = mapper.createParser(data)) {
      T value = fastReader.readOrDefer(parser);
      // Anything after the value is the binding's to reject (FAIL_ON_TRAILING_TOKENS).
      return value != null && parser.nextToken() == null ? value : null;
    } catch (IOException | RuntimeException deferred) {
      return null; // malformed or unusual: the binding decides and words the failure
    }
  }

  @Override
  public Serializer<T> serializer() {
    return this;
  }

  @Override
  public Deserializer<T> deserializer() {
    return this;
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    // Nothing to configure: the type is fixed at construction and the mapping is Strata's.
  }

  @Override
  public void close() {
    // Stateless: nothing to release. Declared because Serde, Serializer and Deserializer all define
    // close().
  }
}
