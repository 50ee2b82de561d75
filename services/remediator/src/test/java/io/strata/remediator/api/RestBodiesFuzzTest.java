package io.strata.remediator.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.remediator.core.guard.PauseSwitch;
import io.strata.remediator.it.SlackReceiverResource;
import io.strata.remediator.kube.ServedCluster;
import io.strata.testsupport.RawHttpConnection;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 10,000 generated bodies against approve, reject, undo and the pause switch: never a 500, and
 * every rejection is JSON with a reason. Action ids are unknown, so nothing can execute.
 */
@QuarkusTest
@WithTestResource(StrataKafkaResource.class)
@WithTestResource(SlackReceiverResource.class)
@WithKubernetesTestServer(crud = true, setup = ServedCluster.class)
class RestBodiesFuzzTest {

  private static final int BODIES = 10_000;
  private static final String OPERATOR = "test-token-console-0123456789";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] PATHS = {
    "/api/actions/act-fuzz/approve",
    "/api/actions/act-fuzz/reject",
    "/api/actions/act-fuzz/undo",
    "/api/pause/false"
  };

  @TestHTTPResource("/")
  URI base;

  @Inject PauseSwitch pause;

  private RawHttpConnection http;

  @BeforeEach
  void connect() throws IOException {
    // One keep-alive connection for all requests: HttpClient's per-request cost dominated.
    http = new RawHttpConnection(base.getPort());
  }

  @AfterEach
  void disconnect() throws IOException {
    http.close();
  }

  @Test
  void noBodyGetsA500AndEveryRejectionCarriesAReason() throws Exception {
    Random random = new Random(16);
    Map<String, Integer> statuses = new TreeMap<>();
    for (int i = 0; i < BODIES; i++) {
      String path = PATHS[i % PATHS.length];
      byte[] body = body(random);
      RawHttpConnection.Answer response =
          http.send(
              path.startsWith("/api/pause") ? "PUT" : "POST",
              base.resolve(path).getRawPath(),
              body,
              "Authorization",
              "Bearer " + OPERATOR,
              "Content-Type",
              random.nextBoolean() ? "application/json" : "text/plain");
      statuses.merge(path.replace("act-fuzz/", "") + " " + response.status(), 1, Integer::sum);
      assertThat(response.status())
          .as("%s with %s", path, new String(body, StandardCharsets.UTF_8))
          .isLessThan(500);
      if (response.status() >= 400) {
        JsonNode answer = JSON.readTree(response.body());
        assertThat(answer.path("reason").asText())
            .as("%s with %s: %s", path, new String(body, StandardCharsets.UTF_8), response.body())
            .isNotBlank();
      }
    }
    System.out.printf("REST bodies fuzz: %d bodies, statuses %s%n", BODIES, statuses);
    assertThat(pause.paused()).isFalse();
  }

  private static byte[] body(Random random) {
    return switch (random.nextInt(8)) {
      case 0 -> new byte[0];
      case 1 -> {
        byte[] bytes = new byte[random.nextInt(64)];
        random.nextBytes(bytes);
        yield bytes;
      }
      case 2 ->
          ("{\"patch_sha256\":\"" + hex(random, random.nextInt(80)) + "\"}")
              .getBytes(StandardCharsets.UTF_8);
      case 3 -> ("{\"patch_sha256\":" + scalar(random) + "}").getBytes(StandardCharsets.UTF_8);
      case 4 -> scalar(random).getBytes(StandardCharsets.UTF_8);
      case 5 ->
          ("{\"patch_sha256\":\"" + hex(random, 64) + "\"" + junk(random))
              .getBytes(StandardCharsets.UTF_8);
      case 6 ->
          ("[" + scalar(random) + "," + scalar(random) + "]").getBytes(StandardCharsets.UTF_8);
      default ->
          ("{\"other\":" + scalar(random) + ",\"patch_sha256\":null}")
              .getBytes(StandardCharsets.UTF_8);
    };
  }

  private static String hex(Random random, int length) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < length; i++) {
      out.append(
          "0123456789abcdefXYZ%\\\"".charAt(random.nextInt(random.nextInt(10) == 0 ? 22 : 16)));
    }
    return out.toString();
  }

  private static String scalar(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> Long.toString(random.nextLong());
      case 1 -> "true";
      case 2 -> "null";
      case 3 -> "{\"a\":[1,{\"b\":\"" + hex(random, 5) + "\"}]}";
      case 4 -> "\"" + hex(random, random.nextInt(70)) + "\"";
      default -> "1e" + random.nextInt(400);
    };
  }

  private static String junk(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> "}";
      case 1 -> "";
      case 2 -> ",}";
      default -> "}}}" + (char) random.nextInt(128);
    };
  }
}
