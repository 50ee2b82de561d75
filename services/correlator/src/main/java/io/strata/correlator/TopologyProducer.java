package io.strata.correlator;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.correlator.config.CorrelatorConfig;
import io.strata.correlator.streams.CorrelatorMetrics;
import io.strata.correlator.streams.CorrelatorTopology;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.apache.kafka.streams.Topology;

/** Hands Quarkus' Kafka Streams the topology, built by the one pure method. */
@ApplicationScoped
public class TopologyProducer {

  /** One topology per process: Quarkus' Kafka Streams asks for it twice. */
  @Produces
  @Singleton
  Topology topology(CorrelatorConfig config, MeterRegistry registry) {
    NodePartitionCheck.verify(config.bootstrapServers(), config.nodePartitions());
    return CorrelatorTopology.build(config.toSettings(), new CorrelatorMetrics(registry));
  }
}
