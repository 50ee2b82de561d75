package io.strata.correlator;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.correlator.config.CorrelatorConfig;
import io.strata.correlator.topology.CorrelatorMetrics;
import io.strata.correlator.topology.CorrelatorTopology;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.apache.kafka.streams.Topology;

/** Hands Quarkus' Kafka Streams the topology, built by the one pure method. */
@ApplicationScoped
public class TopologyProducer {

  @Produces
  Topology topology(CorrelatorConfig config, MeterRegistry registry) {
    NodePartitionCheck.verify(config.bootstrapServers(), config.nodePartitions());
    return CorrelatorTopology.build(config.toSettings(), new CorrelatorMetrics(registry));
  }
}
