package io.strata.events.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IsoInstantDeserializerTest {

  private final ObjectMapper mapper = StrataJson.mapper();

  private Instant read(String text) throws Exception {
    return mapper.readValue("\"" + text + "\"", Instant.class);
  }

  @Test
  void everyPlainUtcFormReadsAsInstantParseReadsIt() throws Exception {
    Random random = new Random(13);
    for (int i = 0; i < 20_000; i++) {
      Instant instant =
          Instant.ofEpochSecond(
              random.nextLong(-62_135_596_800L, 253_402_300_799L), random.nextInt(1_000_000_000));
      String full = instant.toString();
      int cut = random.nextInt(10); // 0..9 fraction digits
      String text = full.contains(".") ? trimFraction(full, cut) : full;
      assertThat(IsoInstantDeserializer.parseUtc(text)).as(text).isEqualTo(Instant.parse(text));
      assertThat(read(text)).as(text).isEqualTo(Instant.parse(text));
    }
  }

  private static String trimFraction(String iso, int digits) {
    int dot = iso.indexOf('.');
    String fraction = iso.substring(dot + 1, iso.length() - 1);
    return digits == 0
        ? iso.substring(0, dot) + "Z"
        : iso.substring(0, dot + 1) + (fraction + "000000000").substring(0, digits) + "Z";
  }

  /** jsr310 alone, configured like Strata's mapper: what the fast path must agree with. */
  private static final ObjectMapper JSR310 =
      com.fasterxml.jackson.databind.json.JsonMapper.builder()
          .addModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule())
          .disable(
              com.fasterxml.jackson.databind.DeserializationFeature
                  .ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
          .build();

  private static String outcome(ObjectMapper mapper, String text) {
    try {
      return String.valueOf(mapper.readValue("\"" + text + "\"", Instant.class));
    } catch (Exception e) {
      return e.getClass().getSimpleName();
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2026-12-01T10:00:00+02:00",
        "2026-12-01T10:00:00.5+01:00",
        "+12026-12-01T10:00:00Z",
        "2026-12-31T23:59:60Z",
        "2026-13-45T99:99:99Z",
        "2026-02-30T10:00:00Z",
        "2026-12-01T24:00:00Z",
        "2026-12-01T10:00:00.Z",
        "2026-12-01T10:00:00.1234567890Z",
        "2026-12-01 10:00:00Z",
        "2026-12-0aT10:00:00Z",
        "x",
        ""
      })
  void anyOtherFormIsLeftToJsr310AndReadsExactlyAsItDoes(String text) {
    assertThat(IsoInstantDeserializer.parseUtc(text)).isNull();
    assertThat(outcome(mapper, text)).isEqualTo(outcome(JSR310, text));
  }

  @Test
  void anInvalidDateIsStillRejected() {
    assertThat(outcome(mapper, "2026-13-45T99:99:99Z")).isEqualTo("InvalidFormatException");
    assertThat(outcome(mapper, "2026-02-30T10:00:00Z")).isEqualTo("InvalidFormatException");
  }

  @Test
  void epochNumbersStillRead() throws Exception {
    assertThat(mapper.readValue("1764583200", Instant.class))
        .isEqualTo(Instant.parse("2025-12-01T10:00:00Z"));
  }
}
