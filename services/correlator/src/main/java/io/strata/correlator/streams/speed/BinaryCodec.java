package io.strata.correlator.streams.speed;

import io.strata.events.Correlation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;

/**
 * The compact binary encoding of the correlator's internal stores and repartition topics (the
 * public topics stay JSON). Every value starts with a format version byte so a later encoding can
 * read an older one; nullable fields carry a presence byte. Plain {@link DataOutputStream}: no
 * reflection, no field names, decoded once per record.
 */
public final class BinaryCodec {

  private BinaryCodec() {}

  /** Writes one value. */
  @FunctionalInterface
  public interface Writer<T> {
    void write(DataOutputStream out, T value) throws IOException;
  }

  /** Reads one value. */
  @FunctionalInterface
  public interface Reader<T> {
    T read(DataInputStream in) throws IOException;
  }

  public static <T> byte[] encode(T value, Writer<T> writer) {
    Encoder encoder = ENCODERS.get();
    if (encoder.busy) {
      encoder = new Encoder(); // a writer that encodes a nested value: its own buffer
    }
    encoder.busy = true;
    try {
      encoder.bytes.reset();
      writer.write(encoder.out, value);
      encoder.out.flush();
      return encoder.bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      encoder.busy = false;
      if (encoder.bytes.size() > MAX_KEPT_BUFFER) {
        ENCODERS.remove(); // one huge value does not pin its buffer for the thread's life
      }
    }
  }

  public static <T> T decode(byte[] data, Reader<T> reader) {
    Decoder decoder = DECODERS.get();
    if (decoder.busy) {
      decoder = new Decoder();
    }
    decoder.busy = true;
    try {
      decoder.bytes.reset(data);
      return reader.read(decoder.in);
    } catch (IOException e) {
      throw new IllegalArgumentException("a corrupt internal record: " + e.getMessage(), e);
    } finally {
      decoder.busy = false;
      decoder.bytes.reset(EMPTY);
    }
  }

  // Per thread and reused: a stream thread encodes and decodes thousands of values a second, and
  // a fresh stream per value (its growing buffer, DataOutputStream's UTF scratch array) was a
  // tenth of the stream thread's samples. Values never cross threads while being coded.
  private static final ThreadLocal<Encoder> ENCODERS = ThreadLocal.withInitial(Encoder::new);
  private static final ThreadLocal<Decoder> DECODERS = ThreadLocal.withInitial(Decoder::new);
  private static final int MAX_KEPT_BUFFER = 1 << 20;
  private static final byte[] EMPTY = new byte[0];

  private static final class Encoder {
    final UnsyncOutput bytes = new UnsyncOutput();
    final DataOutputStream out = new DataOutputStream(bytes);
    boolean busy;
  }

  private static final class Decoder {
    final ResettableInput bytes = new ResettableInput();
    final DataInputStream in = new DataInputStream(bytes);
    boolean busy;
  }

  /** A ByteArrayOutputStream without a lock per byte: it is only ever used by one thread. */
  private static final class UnsyncOutput extends ByteArrayOutputStream {
    UnsyncOutput() {
      super(4096);
    }

    @Override
    public void write(int b) {
      if (count == buf.length) {
        buf = Arrays.copyOf(buf, buf.length * 2);
      }
      buf[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      if (count + len > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, count + len));
      }
      System.arraycopy(b, off, buf, count, len);
      count += len;
    }
  }

  /**
   * A ByteArrayInputStream that can be pointed at the next value, without a lock per byte: it is
   * only ever used by one thread.
   */
  private static final class ResettableInput extends ByteArrayInputStream {
    ResettableInput() {
      super(EMPTY);
    }

    @Override
    public int read() {
      return pos < count ? buf[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos >= count) {
        return len == 0 ? 0 : -1;
      }
      int n = Math.min(len, count - pos);
      System.arraycopy(buf, pos, b, off, n);
      pos += n;
      return n;
    }

    void reset(byte[] data) {
      this.buf = data;
      this.pos = 0;
      this.mark = 0;
      this.count = data.length;
    }
  }

  public static void writeString(DataOutputStream out, String value) throws IOException {
    out.writeBoolean(value != null);
    if (value != null) {
      writeUtf(out, value);
    }
  }

  /**
   * What {@link DataInputStream#readUTF} reads back (a two-byte length, then modified UTF-8), taken
   * from the JDK's fast String encoder when the text is ASCII, where modified UTF-8 and UTF-8 are
   * the same bytes: writeUTF's per-char loop was the codec's largest cost. One difference from
   * writeUTF: a NUL goes as the byte 0, not 0xC0 0x80; readUTF reads both as U+0000, and scanning
   * every string for NUL would cost more than the rest of the fast path.
   */
  public static void writeUtf(DataOutputStream out, String value) throws IOException {
    byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
    if (utf8.length == value.length() && utf8.length <= 0xFFFF) {
      out.writeShort(utf8.length);
      out.write(utf8);
    } else {
      out.writeUTF(value);
    }
  }

  public static String readString(DataInputStream in) throws IOException {
    return in.readBoolean() ? in.readUTF() : null;
  }

  public static void writeInstant(DataOutputStream out, Instant value) throws IOException {
    out.writeBoolean(value != null);
    if (value != null) {
      out.writeLong(value.getEpochSecond());
      out.writeInt(value.getNano());
    }
  }

  public static Instant readInstant(DataInputStream in) throws IOException {
    return in.readBoolean() ? Instant.ofEpochSecond(in.readLong(), in.readInt()) : null;
  }

  public static void writeLong(DataOutputStream out, Long value) throws IOException {
    out.writeBoolean(value != null);
    if (value != null) {
      out.writeLong(value);
    }
  }

  public static Long readLong(DataInputStream in) throws IOException {
    return in.readBoolean() ? in.readLong() : null;
  }

  public static void writeCorrelation(DataOutputStream out, Correlation c) throws IOException {
    writeString(out, c.cluster());
    writeString(out, c.node());
    writeString(out, c.namespace());
    writeString(out, c.workload());
    writeString(out, c.job());
    writeString(out, c.pod());
    writeString(out, c.container());
    writeString(out, c.modelVersion());
    writeString(out, c.queue());
    writeString(out, c.acceleratorType());
  }

  public static Correlation readCorrelation(DataInputStream in) throws IOException {
    return new Correlation(
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

  /** Checks the leading format version. */
  public static void expectVersion(DataInputStream in, int version, String what)
      throws IOException {
    int found = in.readUnsignedByte();
    if (found != version) {
      throw new IOException(what + " has format version " + found + ", expected " + version);
    }
  }
}
