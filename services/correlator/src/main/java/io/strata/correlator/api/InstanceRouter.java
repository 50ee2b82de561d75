package io.strata.correlator.api;

import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.ServiceUnavailableException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Where a query must go when several correlator instances share the work: Kafka Streams' metadata
 * (every instance advertises its {@code application.server} host:port) names the instances that
 * host a store, or the one that owns a key; the answer of another instance is fetched over HTTP
 * from its own REST API with {@code scope=local}, so a forwarded query is never forwarded again.
 * Forwarded requests carry the instances' shared internal token; the receiving instance only
 * answers {@code scope=local} to that token (ApiAccess).
 */
public final class InstanceRouter {

  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final KafkaStreams streams;
  private final HostInfo self;
  private final HttpClient http;
  private final Optional<String> internalToken;

  /**
   * @param self this instance's advertised host:port; null when none is configured (then every
   *     query is answered from local stores only)
   * @param internalToken the bearer token forwarded requests present to the other instance
   */
  public InstanceRouter(
      KafkaStreams streams, HostInfo self, HttpClient http, Optional<String> internalToken) {
    this.streams = streams;
    this.self = self;
    this.http = http;
    this.internalToken = internalToken;
  }

  /** Parses {@code host:port}; null for an empty value. */
  public static HostInfo parse(String applicationServer) {
    if (applicationServer == null || applicationServer.isBlank()) {
      return null;
    }
    return HostInfo.buildFromEndpoint(applicationServer.trim());
  }

  /** The other instances hosting any of these stores (active or standby is not distinguished). */
  public Set<HostInfo> otherInstances(String... stores) {
    Set<HostInfo> hosts = new LinkedHashSet<>();
    if (self == null) {
      return hosts;
    }
    for (String store : stores) {
      for (StreamsMetadata metadata : streams.streamsMetadataForStore(store)) {
        if (!metadata.hostInfo().equals(self) && metadata.hostInfo().port() > 0) {
          hosts.add(metadata.hostInfo());
        }
      }
    }
    return hosts;
  }

  /** The other instance that owns {@code key} in {@code store}; empty when it is this one. */
  public Optional<HostInfo> ownerOf(String store, String key) {
    if (self == null) {
      return Optional.empty();
    }
    KeyQueryMetadata metadata = streams.queryMetadataForKey(store, key, new StringSerializer());
    if (metadata == null || KeyQueryMetadata.NOT_AVAILABLE.equals(metadata)) {
      throw new ServiceUnavailableException(
          "no instance owns " + store + " yet (" + streams.state() + ")", 5L);
    }
    return metadata.activeHost().equals(self)
        ? Optional.empty()
        : Optional.of(metadata.activeHost());
  }

  /**
   * GETs {@code pathAndQuery} (which must ask for {@code scope=local}) from another instance: its
   * body, or 404 / 503 as the failure says.
   */
  public String fetch(HostInfo host, String pathAndQuery) {
    URI uri = URI.create("http://" + host.host() + ":" + host.port() + pathAndQuery);
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(uri).timeout(TIMEOUT).header("Accept", "application/json").GET();
    internalToken.ifPresent(token -> builder.header("Authorization", "Bearer " + token));
    HttpRequest request = builder.build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() == 401 || response.statusCode() == 403) {
        // A peer refusing our token is a configuration error (tokens differ), never the caller's.
        throw new ServiceUnavailableException(
            "instance "
                + host.host()
                + ":"
                + host.port()
                + " refused the internal token ("
                + response.statusCode()
                + "): strata.correlator.api.internal-token must be the same on every instance",
            5L);
      }
      if (response.statusCode() == 404) {
        throw new NotFoundException("not found on " + host.host() + ":" + host.port());
      }
      if (response.statusCode() != 200) {
        throw new ServiceUnavailableException(
            "instance " + host.host() + ":" + host.port() + " answered " + response.statusCode(),
            5L);
      }
      return response.body();
    } catch (IOException e) {
      throw new ServiceUnavailableException(
          "instance " + host.host() + ":" + host.port() + " did not answer: " + e.getMessage(), 5L);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServiceUnavailableException("interrupted while asking " + uri, 5L);
    }
  }
}
