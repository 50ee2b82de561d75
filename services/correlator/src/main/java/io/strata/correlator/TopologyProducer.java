package io.strata.correlator;

import io.micrometer.core.instrument.MeterRegistry;
import io.strata.correlator.config.CorrelatorConfig;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.streams.CorrelatorMetrics;
import io.strata.correlator.streams.CorrelatorTopology;
import io.strata.correlator.streams.rehearsal.FaultPathRehearsal;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import org.apache.kafka.streams.Topology;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Hands Quarkus' Kafka Streams the topology, built by the one pure method, after rehearsing its
 * device-fault path once when configured to (ADR 046).
 */
@ApplicationScoped
public class TopologyProducer {

  private static final Logger LOG = Logger.getLogger(TopologyProducer.class);

  @ConfigProperty(name = "kafka-streams.state.dir")
  String stateDir;

  /** One topology (and one rehearsal) per process: Quarkus' Kafka Streams asks for it twice. */
  @Produces
  @Singleton
  Topology topology(CorrelatorConfig config, MeterRegistry registry) {
    NodePartitionCheck.verify(config.bootstrapServers(), config.nodePartitions());
    CorrelatorSettings settings = config.toSettings();
    if (config.rehearseFaultPath()) {
      rehearse(settings);
    }
    return CorrelatorTopology.build(settings, new CorrelatorMetrics(registry));
  }

  /**
   * The rehearsal only warms code: if it fails, or opens no incident, the correlator says so and
   * starts without it rather than not at all.
   */
  private void rehearse(CorrelatorSettings settings) {
    try {
      FaultPathRehearsal.Result r = FaultPathRehearsal.run(settings, Path.of(stateDir));
      if (r.incidents() < FaultPathRehearsal.XIDS) {
        LOG.warnf(
            "the device-fault rehearsal opened %d of %d incidents (%d records, %d ms): the first"
                + " XID may meet code not compiled for it",
            r.incidents(), FaultPathRehearsal.XIDS, r.records(), r.took().toMillis());
      } else {
        LOG.infof(
            "rehearsed the device-fault path: %d records, %d incidents (%d updates), %d ms",
            r.records(), r.incidents(), r.incidentUpdates(), r.took().toMillis());
      }
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      LOG.warnf(e, "the device-fault rehearsal failed; starting without it");
    }
  }
}
