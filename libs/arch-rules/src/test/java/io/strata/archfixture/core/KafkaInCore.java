package io.strata.archfixture.core;

import org.apache.kafka.common.serialization.Serdes;

/** A deliberate violation: a core class that uses a Kafka client class. */
public final class KafkaInCore {
  public Object serde() {
    return Serdes.String();
  }
}
