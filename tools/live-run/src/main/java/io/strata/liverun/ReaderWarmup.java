package io.strata.liverun;

import io.strata.events.serde.EventSerdeException;
import io.strata.events.topic.Topic;
import io.strata.events.topic.Topics;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.MemoryRecordsBuilder;
import org.apache.kafka.common.record.Record;
import org.apache.kafka.common.record.RecordBatch;
import org.apache.kafka.common.record.TimestampType;

/**
 * Pays this JVM's one-time reading costs before the first injection, so the probe neither times its
 * own codec load nor takes cores from the services while they handle the first incident.
 *
 * <p>The followers start at the end of quiet topics, so without this the first XID the probe read
 * was also the first lz4 batch this JVM decoded (Strata's producers write lz4; the codec loads its
 * native library then, before the receipt time is taken) and the first XidEvent and Incident
 * Jackson built a reader for (after it, but on a box with no spare core). A downstream reader that
 * has run for a while paid all of this long ago. Measured: docs/benchmarks/log/2026-12-05.md, "The
 * first incident again".
 */
final class ReaderWarmup {

  private ReaderWarmup() {}

  /** Decodes one lz4 batch and builds the readers of the topics the probe follows. */
  static void run() {
    decodeLz4Batch();
    buildReader(Topics.DEVICE_XIDS);
    buildReader(Topics.INCIDENTS);
  }

  /** The consumer's decompression path, on a batch written here (the codec loads either way). */
  private static void decodeLz4Batch() {
    MemoryRecordsBuilder builder =
        MemoryRecords.builder(
            ByteBuffer.allocate(4096), Compression.lz4().build(), TimestampType.CREATE_TIME, 0L);
    for (int i = 0; i < 4; i++) {
      builder.append(0L, null, ("warm-up " + i).getBytes(StandardCharsets.UTF_8));
    }
    MemoryRecords written = builder.build();
    MemoryRecords read = MemoryRecords.readableRecords(written.buffer().duplicate());
    int bytes = 0;
    for (RecordBatch batch : read.batches()) {
      for (Record record : batch) {
        bytes += record.valueSize();
      }
    }
    if (bytes == 0) {
      throw new IllegalStateException("the lz4 warm-up batch read back empty");
    }
  }

  /**
   * An empty object through the topic's value reader: Jackson builds the type's reader on first use
   * whatever the document holds; whether "{}" then passes the type's checks does not matter.
   */
  private static void buildReader(Topic<String, ?> topic) {
    try {
      topic
          .valueSerde()
          .deserializer()
          .deserialize(topic.name(), "{}".getBytes(StandardCharsets.UTF_8));
    } catch (EventSerdeException ignored) {
      // A stricter event type would refuse "{}"; its reader is built either way.
    }
  }
}
