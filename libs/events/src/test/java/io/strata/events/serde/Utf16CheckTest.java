package io.strata.events.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.device.DeviceSample;
import io.strata.events.serde.EventSerdeException.SerdeFailure;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Utf16CheckTest {

  private static int at(String json) {
    return Utf16Check.loneSurrogate(json.getBytes(StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"node\":\"gpu-node-1\"}",
        "{\"node\":\"\\ud83d\\ude80\"}", // a pair: U+1F680
        "{\"node\":\"\\u00e9\\n\\\\ud800\"}", // an escaped backslash, then the text ud800
        "{\"node\":\"\\\"\\u0041\"}",
        "{\"node\":\"é🚀\"}", // raw UTF-8, 2 and 4 bytes
        "{\"node\":\"\\u12\"}" // a broken escape: Jackson's to reject, not a surrogate
      })
  void textThatIsUnicodeHasNoLoneSurrogate(String json) {
    assertThat(at(json)).isEqualTo(-1);
  }

  @Test
  void aHighSurrogateWithoutItsLowHalfIsFoundWhereItStarts() {
    assertThat(at("{\"node\":\"\\ud800\"}")).isEqualTo(9);
    assertThat(at("{\"node\":\"\\uD800x\"}")).isEqualTo(9);
    assertThat(at("{\"node\":\"\\ud800\\u0041\"}")).isEqualTo(9);
    assertThat(at("{\"n\":\"\\ud83d\\ude80\\udbff\"}")).isEqualTo(18);
  }

  @Test
  void aLowSurrogateAloneIsFound() {
    assertThat(at("{\"node\":\"\\udc00\"}")).isEqualTo(9);
  }

  @Test
  void aSurrogateEncodedDirectlyInUtf8IsFound() {
    byte[] json = {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'};
    assertThat(Utf16Check.loneSurrogate(json)).isEqualTo(1);
    byte[] hangul = {'"', (byte) 0xED, (byte) 0x95, (byte) 0x9C, '"'}; // U+D55C, not a surrogate
    assertThat(Utf16Check.loneSurrogate(hangul)).isEqualTo(-1);
  }

  @Test
  void theSerdeRejectsALoneSurrogateAsMalformedJson() {
    JsonSerde<DeviceSample> serde = new JsonSerde<>(DeviceSample.class);
    String topic = Topics.DEVICE_SAMPLES.name();
    EventSerdeException e =
        org.assertj.core.api.Assertions.catchThrowableOfType(
            EventSerdeException.class,
            () ->
                serde.deserialize(
                    topic,
                    "{\"cluster\":\"c1\",\"node\":\"n\\ud800\"}".getBytes(StandardCharsets.UTF_8)));
    assertThat(e.failure()).isEqualTo(SerdeFailure.MALFORMED_JSON);
    assertThat(e.getMessage())
        .isEqualTo(
            "MALFORMED_JSON: malformed JSON for DeviceSample on topic "
                + topic
                + ": a lone UTF-16 surrogate at byte 25 (not Unicode text)");
  }

  /**
   * The scan reads eight bytes at a time: a surrogate escape, a lone 0xED 0xA0 and an ordinary
   * escape each found at every offset around word boundaries, against the position they were put.
   */
  @Test
  void everyOffsetIsFoundWhateverItsPlaceInAWord() {
    for (int at = 0; at < 24; at++) {
      String padding = "x".repeat(at);
      assertThat(at(padding + "\\uD800" + "y".repeat(17))).as("escape at %d", at).isEqualTo(at);
      byte[] direct = (padding + "ab" + "z".repeat(17)).getBytes(StandardCharsets.UTF_8);
      direct[at] = (byte) 0xED;
      direct[at + 1] = (byte) 0xA0;
      assertThat(Utf16Check.loneSurrogate(direct)).as("UTF-8 at %d", at).isEqualTo(at);
      assertThat(at(padding + "\\n\\uD83D\\uDE00" + "w".repeat(at))).isEqualTo(-1);
      assertThat(at(padding + "\\uDC00")).isEqualTo(at);
    }
  }
}
