package io.strata.correlator.api;

import io.quarkus.runtime.StartupEvent;
import io.strata.correlator.config.CorrelatorConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
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
            streams,
            config.advertisedServer().map(InstanceRouter::parse).orElse(null),
            http,
            config.api().internalToken()),
        config.windows().size().multipliedBy(2),
        config.regression().baselineWarmup(),
        clock);
  }

  /** The REST API's tokens; a missing token fails here, at startup, naming the key to set. */
  @Produces
  @Singleton
  ApiAccess access(CorrelatorConfig config) {
    return new ApiAccess(
        new ApiTokens(
            config.api().tokens(),
            config.api().internalToken(),
            config.advertisedServer().isPresent()));
  }

  /** Builds the tokens when the service starts rather than at the first request. */
  void checkTokensAtStartup(@Observes StartupEvent started, ApiAccess access) {
    // Injecting the singleton built it: a missing token has already failed startup.
  }
}
