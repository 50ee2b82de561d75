package io.strata.events.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import io.strata.events.serde.JsonSerde;
import io.strata.testsupport.JsonFuzz;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * A topic's serde with a {@link FastJsonReader} against plain data binding as the oracle: for every
 * fuzzed document, the same value or the same failure and message (ADR 043).
 */
final class BindingOracle<T> {

  private final JsonSerde<T> binding;
  private final Deserializer<T> topic;
  private final FastJsonReader<T> reader;

  BindingOracle(Class<T> type, Deserializer<T> topic, FastJsonReader<T> reader) {
    this.binding = new JsonSerde<>(type);
    this.topic = topic;
    this.reader = reader;
  }

  /** The fast reader's own answer: the value, or null when it defers in any way. */
  T fastOrNull(byte[] json) {
    try (JsonParser parser = StrataJson.mapper().createParser(json)) {
      return reader.readOrDefer(parser);
    } catch (IOException | RuntimeException deferred) {
      return null;
    }
  }

  T binding(byte[] json) {
    return binding.deserialize("t", json);
  }

  T topic(byte[] json) {
    return topic.deserialize("t", json);
  }

  /**
   * {@code count} mutations of the seeds decided alike by the topic's serde and binding.
   *
   * @return how many of them the fast reader itself read (not deferred)
   */
  int assertSameDecisions(List<byte[]> seeds, int count, long randomSeed) {
    Random random = new Random(randomSeed);
    int readFast = 0;
    for (int i = 0; i < count; i++) {
      byte[] seed = seeds.get(i % seeds.size());
      byte[] input =
          switch (i % 7) {
            case 0 -> JsonFuzz.randomBytes(random);
            case 1, 2, 3 -> JsonFuzz.mutateBytes(seed, random);
            default -> JsonFuzz.replaceAValue(seed, random);
          };
      Object expected = outcome(binding, input);
      assertThat(outcome(topic, input)).as(JsonFuzz.preview(input)).isEqualTo(expected);
      if (fastOrNull(input) != null) {
        readFast++;
      }
    }
    return readFast;
  }

  /** The value, or the failure's type and message (which names the reason), of one decode. */
  private static Object outcome(Deserializer<?> values, byte[] input) {
    try {
      return values.deserialize("t", input);
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }
}
