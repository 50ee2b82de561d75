package io.strata.remediator.core.teams;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.jwk.JWK;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Bot Framework's signing keys: the OpenID metadata document names the JWKS ({@code jwks_uri});
 * each key carries the channels it may sign for ({@code endorsements}, a Bot Framework extension
 * nimbus does not keep, so it is read here). Cached for {@code maxAge}; a token naming an unknown
 * {@code kid} refetches them (the keys rotate), at most once per {@code minRefresh} so forged kids
 * cannot make the remediator hammer the metadata endpoint. A failed refetch keeps the cached keys.
 */
public final class BotKeys {

  /** Reads one URL's body (HTTP GET in the adapter, a map in tests). */
  @FunctionalInterface
  public interface Fetcher {
    String get(String url) throws IOException;
  }

  /** A signing key and the channel ids it is endorsed for. */
  public record BotKey(JWK jwk, Set<String> endorsements) {}

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String metadataUrl;
  private final Fetcher fetcher;
  private final Clock clock;
  private final Duration maxAge;
  private final Duration minRefresh;
  private Map<String, BotKey> keys = Map.of();
  private Instant fetchedAt;
  private Instant attemptedAt;
  private int fetches;

  public BotKeys(
      String metadataUrl, Fetcher fetcher, Clock clock, Duration maxAge, Duration minRefresh) {
    this.metadataUrl = metadataUrl;
    this.fetcher = fetcher;
    this.clock = clock;
    this.maxAge = maxAge;
    this.minRefresh = minRefresh;
  }

  /** The key with this id, fetching the keys when stale or when the id is unknown. */
  public synchronized Optional<BotKey> find(String kid) throws TeamsRefused {
    Instant now = clock.instant();
    boolean stale = fetchedAt == null || now.isAfter(fetchedAt.plus(maxAge));
    boolean mayRefresh = attemptedAt == null || !now.isBefore(attemptedAt.plus(minRefresh));
    if ((stale || !keys.containsKey(kid)) && mayRefresh) {
      refresh(now);
    }
    if (fetchedAt == null) {
      throw new TeamsRefused(
          TeamsProblem.KEYS_UNAVAILABLE, "the Bot Framework keys are not readable");
    }
    return Optional.ofNullable(keys.get(kid));
  }

  /** How often the JWKS was fetched successfully (metrics, tests). */
  public synchronized int fetches() {
    return fetches;
  }

  private void refresh(Instant now) {
    attemptedAt = now;
    try {
      JsonNode metadata = MAPPER.readTree(fetcher.get(metadataUrl));
      String jwksUri = metadata.path("jwks_uri").asText("");
      if (jwksUri.isBlank()) {
        return;
      }
      Map<String, BotKey> read = new HashMap<>();
      for (JsonNode key : MAPPER.readTree(fetcher.get(jwksUri)).path("keys")) {
        parse(key).ifPresent(k -> read.put(k.jwk().getKeyID(), k));
      }
      keys = Map.copyOf(read);
      fetchedAt = now;
      fetches++;
    } catch (IOException | RuntimeException e) {
      // Keep the keys read before: a metadata endpoint down must not refuse every valid token.
    }
  }

  private static Optional<BotKey> parse(JsonNode key) {
    try {
      JWK jwk = JWK.parse(MAPPER.writeValueAsString(key));
      if (jwk.getKeyID() == null) {
        return Optional.empty();
      }
      Set<String> endorsements = new HashSet<>();
      key.path("endorsements").forEach(e -> endorsements.add(e.asText()));
      return Optional.of(new BotKey(jwk, Set.copyOf(endorsements)));
    } catch (java.text.ParseException | IOException e) {
      return Optional.empty();
    }
  }
}
