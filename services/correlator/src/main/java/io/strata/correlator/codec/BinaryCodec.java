package io.strata.correlator.codec;

import io.strata.events.Correlation;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

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
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      writer.write(out, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  public static <T> T decode(byte[] data, Reader<T> reader) {
    try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(data))) {
      return reader.read(in);
    } catch (IOException e) {
      throw new IllegalArgumentException("a corrupt internal record: " + e.getMessage(), e);
    }
  }

  public static void writeString(DataOutputStream out, String value) throws IOException {
    out.writeBoolean(value != null);
    if (value != null) {
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
