package io.strata.traceingest.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.strata.embeddedkafka.StrataKafkaResource;
import io.strata.testsupport.JsonFuzz;
import io.strata.testsupport.RawHttpConnection;
import io.strata.traceingest.alert.AlertFixtures;
import io.strata.traceingest.alert.WebhookLimits;
import io.strata.traceingest.alert.WebhookParser;
import io.strata.traceingest.alert.WebhookRejectedException;
import io.strata.traceingest.alert.WebhookRejection;
import io.strata.traceingest.receiver.AlertmanagerHandler;
import io.strata.traceingest.receiver.ReceiverServers;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * 10,000 notifications mutated from Alertmanager's real bodies, over two keep-alive HTTP/1.1
 * connections: bytes flipped, cut and inserted, values replaced by JSON of any type, alerts
 * multiplied past the limit, credentials and media types wrong. Each answer is predicted before it
 * is sent (the parser is the oracle for authenticated JSON): never a 500, every rejection the 4xx
 * of its reason with that reason in the body, every readable notification accepted.
 */
@QuarkusTest
@TestProfile(AlertmanagerBodiesFuzzTest.FuzzProfile.class)
@WithTestResource(StrataKafkaResource.class)
class AlertmanagerBodiesFuzzTest {

  /** Its own app (its own memory of published alerts) and a max-alerts the fuzzer can pass. */
  public static class FuzzProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "strata.trace-ingest.alertmanager.max-alerts", "20",
          "strata.trace-ingest.kafka.linger", "0ms");
    }
  }

  private static final int BODIES = 10_000;
  private static final int CONNECTIONS = 2;
  private static final int MAX_BODY = 262_144; // %test receiver.max-body-bytes
  private static final WebhookParser ORACLE =
      new WebhookParser(new WebhookLimits(20, 64, 1024, 4096, 131072));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] JSON_VALUES = {
    "null",
    "0",
    "-1",
    "1e309",
    "\"\"",
    "\"zz\"",
    "[]",
    "{}",
    "true",
    "\"4\"",
    "\"firing\"",
    "\"resolved\"",
    "\"0001-01-01T00:00:00Z\"",
    "\"2026-13-01T00:00:00Z\"",
    "\"\\ud800\"",
    "\"\\u0000\"",
    "[[[[[[[[[[]]]]]]]]]]",
    "18446744073709551616",
    "\"" + "x".repeat(5000) + "\""
  };

  @Inject ReceiverServers servers;
  @Inject MeterRegistry registry;

  /** One request and the answer predicted for it. */
  private record Input(byte[] body, String authorization, String contentType, String expected) {}

  @Test
  void everyMutatedNotificationIsAnsweredAsPredictedAndNoneIsA500() throws Exception {
    List<byte[]> seeds = AlertFixtures.ALL.stream().map(AlertFixtures::body).toList();
    Random random = new Random(9093);
    List<Input> inputs = new ArrayList<>(BODIES);
    for (int i = 0; i < BODIES; i++) {
      inputs.add(input(seeds.get(random.nextInt(seeds.size())), random));
    }
    RawHttpConnection.Answer[] received = new RawHttpConnection.Answer[BODIES];
    ExecutorService connections = Executors.newFixedThreadPool(CONNECTIONS);
    long start = System.nanoTime();
    try {
      List<Future<?>> sent = new ArrayList<>();
      for (int c = 0; c < CONNECTIONS; c++) {
        int first = c;
        sent.add(
            connections.submit(
                () -> {
                  try (RawHttpConnection connection = new RawHttpConnection(servers.httpPort())) {
                    for (int i = first; i < BODIES; i += CONNECTIONS) {
                      Input input = inputs.get(i);
                      received[i] =
                          connection.send(
                              "POST",
                              AlertmanagerHandler.PATH,
                              input.body(),
                              "User-Agent",
                              "Alertmanager/0.25.0",
                              "Content-Type",
                              input.contentType(),
                              "Authorization",
                              input.authorization());
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> one : sent) {
        one.get(120, TimeUnit.SECONDS);
      }
    } finally {
      connections.shutdownNow();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    Map<String, Integer> answers = answers(inputs, received);
    double published = registry.counter("strata.trace.ingest.alerts.published").count();
    System.out.printf(
        "[fuzz] Alertmanager notifications over HTTP: %d in %.1f s, %.0f alerts published,"
            + " answers %s%n",
        BODIES, seconds, published, answers);
    assertThat(published).isPositive();
    assertThat(answers.keySet())
        .contains(
            "200 accepted",
            "401 MISSING_CREDENTIALS",
            "401 WRONG_CREDENTIALS",
            "415 UNSUPPORTED_MEDIA_TYPE",
            "400 MALFORMED_JSON",
            "400 WRONG_TYPE",
            "400 MISSING_FIELD",
            "400 INVALID_TIMESTAMP",
            "400 INVALID_TEXT",
            "400 TOO_MANY_ALERTS");
    assertThat(answers.get("200 accepted")).isGreaterThan(1_000);
  }

  /** Checks every answer against its prediction; the predictions tallied. */
  private static Map<String, Integer> answers(
      List<Input> inputs, RawHttpConnection.Answer[] received) throws Exception {
    Map<String, Integer> answers = new TreeMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      Input input = inputs.get(i);
      RawHttpConnection.Answer answer = received[i];
      String shown = new String(input.body(), StandardCharsets.UTF_8);
      String why = shown.length() > 300 ? shown.substring(0, 300) + "..." : shown;
      assertThat(answer.status()).as("%s -> %s", why, answer.body()).isBetween(200, 499);
      String expected = input.expected();
      assertThat(answer.status())
          .as("%s -> %s", why, answer.body())
          .isEqualTo(Integer.parseInt(expected.substring(0, 3)));
      JsonNode json = JSON.readTree(answer.body());
      if (answer.status() == 200) {
        assertThat(json.path("status").asText()).isEqualTo("accepted");
      } else {
        assertThat(json.path("status").asText())
            .as("%s %s -> %d %s", input.authorization(), why, answer.status(), answer.body())
            .isEqualTo("rejected");
        assertThat(json.path("reason").asText()).as(why).isEqualTo(expected.substring(4));
        assertThat(json.path("message").asText()).isNotBlank();
      }
      answers.merge(expected, 1, Integer::sum);
    }
    return answers;
  }

  private static Input input(byte[] seed, Random random) {
    int kind = random.nextInt(100);
    byte[] body =
        kind < 10
            ? seed
            : kind < 45
                ? mutateBytes(seed, random)
                : kind < 85
                    ? JsonFuzz.replaceAValue(seed, random, JSON_VALUES)
                    : multiplyAlerts(seed, random);
    int variant = random.nextInt(100);
    if (variant < 3) {
      return new Input(body, null, "application/json", "401 MISSING_CREDENTIALS");
    }
    if (variant < 6) {
      return new Input(body, "Bearer guessed", "application/json", "401 WRONG_CREDENTIALS");
    }
    if (variant < 8) {
      return new Input(body, Alertmanager.BEARER, "text/plain", "415 UNSUPPORTED_MEDIA_TYPE");
    }
    String authorization = variant < 50 ? Alertmanager.BEARER : Alertmanager.BASIC;
    return new Input(body, authorization, "application/json", predict(body));
  }

  private static String predict(byte[] body) {
    if (body.length > MAX_BODY) {
      return WebhookRejection.BODY_TOO_LARGE.httpStatus() + " BODY_TOO_LARGE";
    }
    try {
      ORACLE.parse(body);
      return "200 accepted";
    } catch (WebhookRejectedException e) {
      return e.reason().httpStatus() + " " + e.reason().name();
    }
  }

  private static byte[] mutateBytes(byte[] valid, Random random) {
    byte[] body = valid.clone();
    int edits = 1 + random.nextInt(6);
    for (int k = 0; k < edits && body.length > 0; k++) {
      int at = random.nextInt(body.length);
      switch (random.nextInt(4)) {
        case 0 -> body[at] = (byte) random.nextInt(256);
        case 1 -> body[at] ^= (byte) (1 << random.nextInt(8));
        case 2 -> body = java.util.Arrays.copyOf(body, at);
        default -> {
          byte[] longer = new byte[body.length + 1];
          System.arraycopy(body, 0, longer, 0, at);
          longer[at] = (byte) "\"{}[],:0\\u".charAt(random.nextInt(10));
          System.arraycopy(body, at, longer, at + 1, body.length - at);
          body = longer;
        }
      }
    }
    return body;
  }

  /** The notification with its alerts repeated 1 to 30 times (the fuzz profile allows 20). */
  private static byte[] multiplyAlerts(byte[] seed, Random random) {
    try {
      com.fasterxml.jackson.databind.node.ObjectNode root =
          (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(seed);
      com.fasterxml.jackson.databind.node.ArrayNode alerts = root.withArray("alerts");
      JsonNode first = alerts.get(0);
      int copies = 1 + random.nextInt(30);
      for (int i = 0; i < copies; i++) {
        alerts.add(first.deepCopy());
      }
      return JSON.writeValueAsBytes(root);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }
}
