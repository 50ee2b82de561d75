package io.strata.correlator.api;

import io.strata.correlator.config.CorrelatorConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import org.apache.kafka.streams.KafkaStreams;

/** Wires the REST answers to this instance's Kafka Streams and its advertised host:port. */
@ApplicationScoped
public class QueriesProducer {

  @Produces
  @ApplicationScoped
  CorrelatorQueries queries(KafkaStreams streams, CorrelatorConfig config, Clock clock) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    return new CorrelatorQueries(
        new LocalStores(streams),
        new InstanceRouter(
            streams, config.advertisedServer().map(InstanceRouter::parse).orElse(null), http),
        config.windows().size().multipliedBy(2),
        config.regression().baselineWarmup(),
        clock);
  }
}
