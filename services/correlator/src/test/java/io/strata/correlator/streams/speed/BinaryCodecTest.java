package io.strata.correlator.streams.speed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BinaryCodecTest {

  /** The state already on disk was written by writeUTF: the fast path must write the same. */
  @ParameterizedTest
  @ValueSource(strings = {"", "GPU-00000000-0000-4000-8000-000000000000", "nœud-é", "🚀"})
  void writeUtfWritesWhatWriteUtfWrote(String text) throws IOException {
    ByteArrayOutputStream jdk = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(jdk)) {
      out.writeUTF(text);
    }
    assertThat(BinaryCodec.encode(text, BinaryCodec::writeUtf)).isEqualTo(jdk.toByteArray());
    String read = BinaryCodec.decode(jdk.toByteArray(), in -> in.readUTF());
    assertThat(read).isEqualTo(text);
  }

  /** A NUL is written as the byte 0 (writeUTF: 0xC0 0x80); readUTF reads both as the same text. */
  @org.junit.jupiter.api.Test
  void aNulIsReadBackAsWritten() {
    byte[] written = BinaryCodec.encode("a\0b", BinaryCodec::writeUtf);
    assertThat(written).containsExactly(0, 3, 'a', 0, 'b');
    String read = BinaryCodec.decode(written, in -> in.readUTF());
    assertThat(read).isEqualTo("a\0b");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 100, 10_000, 70_000})
  void valuesOfAnySizeRoundTripThroughTheReusedBuffers(int length) {
    String text = "x".repeat(Math.min(length, 0xFFFF));
    byte[] first =
        BinaryCodec.encode(
            text,
            (out, t) -> {
              BinaryCodec.writeString(out, t);
              BinaryCodec.writeInstant(out, Instant.EPOCH);
              out.write(new byte[length]);
            });
    byte[] small = BinaryCodec.encode("y", BinaryCodec::writeString);
    assertThat(first).hasSize(1 + 2 + text.length() + 1 + 12 + length);
    String y = BinaryCodec.decode(small, BinaryCodec::readString);
    String back = BinaryCodec.decode(first, BinaryCodec::readString);
    assertThat(y).isEqualTo("y");
    assertThat(back).isEqualTo(text);
  }
}
