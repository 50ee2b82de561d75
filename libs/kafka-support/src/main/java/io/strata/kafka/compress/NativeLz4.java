package io.strata.kafka.compress;

import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Gives Kafka's lz4 codec lz4-java's JNI binding inside a Quarkus application.
 *
 * <p>Kafka's {@code Lz4BlockOutputStream} and {@code Lz4BlockInputStream} take {@code
 * LZ4Factory.fastestInstance()} for every batch. In lz4-java 1.10 (the {@code at.yawk.lz4} build
 * Kafka 4.1 ships) that method tries the JNI binding only when it is already loaded or when
 * lz4-java itself was loaded by the system class loader (a JNI library binds to one class loader).
 * A packaged Quarkus service loads its libraries through Quarkus' own class loader, so Kafka fell
 * back to the pure-Java safe codec there, at about twice the JNI codec's cost per 64 KB block.
 * Loading the JNI binding once, explicitly (ADR 044), makes every later {@code fastestInstance()}
 * of the same class loader return it.
 *
 * <p>The outcome is only a speed: where the platform has no bundled library or the temporary
 * directory cannot hold it, the Java codec stays in use and compresses the same bytes.
 */
public final class NativeLz4 {

  /** Which lz4 codec Kafka's clients of this class loader use after {@link #load()}. */
  public enum Codec {
    UNSPECIFIED,
    /** lz4-java's JNI binding (liblz4 bundled in the jar, extracted to java.io.tmpdir). */
    JNI,
    /** The pure-Java codec: no bundled library for this platform, or it could not be loaded. */
    JAVA
  }

  /**
   * @param codec the codec now in use
   * @param detail the factory's name, or why the JNI binding could not be loaded
   */
  public record Outcome(Codec codec, String detail) {}

  private NativeLz4() {}

  /** Loads the JNI binding if this class loader has not yet; safe to call more than once. */
  public static Outcome load() {
    try {
      LZ4Factory lz4 = LZ4Factory.nativeInstance();
      XXHashFactory.nativeInstance(); // the frame checksums Kafka writes with each block
      return new Outcome(Codec.JNI, lz4.toString());
    } catch (LinkageError | RuntimeException e) {
      // UnsatisfiedLinkError (no library for this OS or architecture, a noexec tmpdir) or an
      // extraction failure: Kafka keeps the Java codec, which is correct, only slower.
      return new Outcome(Codec.JAVA, e.toString());
    }
  }

  /** The codec Kafka's next lz4 batch of this class loader will use. */
  public static Codec current() {
    return LZ4Factory.fastestInstance().toString().endsWith(":JNI") ? Codec.JNI : Codec.JAVA;
  }
}
