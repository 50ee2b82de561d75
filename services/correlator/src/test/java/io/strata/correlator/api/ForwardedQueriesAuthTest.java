package io.strata.correlator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import jakarta.ws.rs.ServiceUnavailableException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A forwarded query carries the internal token and the receiving side's ApiAccess verifies it; a
 * peer that refuses the token is reported as a 503 naming the key, never passed on as 401/500.
 */
class ForwardedQueriesAuthTest {

  static final String INTERNAL = "internal-token-0123456789";

  HttpServer peer;
  final List<String> presented = new CopyOnWriteArrayList<>();
  final ApiAccess peerAccess =
      new ApiAccess(
          new ApiTokens(Map.of("console", "viewer-token-0123456789"), Optional.of(INTERNAL), true));

  @BeforeEach
  void startPeer() throws IOException {
    peer = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    peer.createContext(
        "/api/",
        exchange -> {
          String authorization = exchange.getRequestHeaders().getFirst("Authorization");
          presented.add(String.valueOf(authorization));
          ApiAccess.Decision decision = peerAccess.decide(authorization, true);
          byte[] body =
              (decision.allowed() ? "[]" : decision.reason()).getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(decision.status(), body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    peer.start();
  }

  @AfterEach
  void stopPeer() {
    peer.stop(0);
  }

  @Test
  void theForwardedRequestPresentsTheInternalTokenAndIsAnswered() {
    InstanceRouter router = router(Optional.of(INTERNAL));
    assertThat(router.fetch(host(), "/api/incidents?scope=local")).isEqualTo("[]");
    assertThat(presented).containsExactly("Bearer " + INTERNAL);
  }

  @Test
  void aPeerRefusingTheTokenIsA503NamingTheKey() {
    InstanceRouter router = router(Optional.of("another-token-0123456789"));
    assertThatThrownBy(() -> router.fetch(host(), "/api/incidents?scope=local"))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("refused the internal token (401)")
        .hasMessageContaining("strata.correlator.api.internal-token");
    InstanceRouter anonymous = router(Optional.empty());
    assertThatThrownBy(() -> anonymous.fetch(host(), "/api/workloads?scope=local"))
        .isInstanceOf(ServiceUnavailableException.class);
    assertThat(presented).containsExactly("Bearer another-token-0123456789", "null");
  }

  private InstanceRouter router(Optional<String> token) {
    return new InstanceRouter(null, new HostInfo("self", 1), HttpClient.newHttpClient(), token);
  }

  private HostInfo host() {
    return new HostInfo("localhost", peer.getAddress().getPort());
  }
}
