package io.strata.correlatorbench;

import java.nio.file.Path;
import java.time.Duration;

/** A Kafka Streams application in a child JVM whose drain of the pre-filled topics is watched. */
interface DrainSubject {

  String applicationId();

  /** The JVM it runs in. */
  ChildProcess child();

  default boolean alive() {
    return child().alive();
  }

  default Path log() {
    return child().log();
  }

  /** CPU time the JVM used so far (user + system). */
  default Duration cpu() {
    return child().cpu();
  }

  /** Takes one heap reading, where the subject can give one. */
  default void sampleHeap() {}

  /** The largest heap use seen; 0 when the subject gives no readings. */
  default long maxHeapBytes() {
    return 0;
  }
}
