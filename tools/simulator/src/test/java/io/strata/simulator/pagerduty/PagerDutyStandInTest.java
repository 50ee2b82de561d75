package io.strata.simulator.pagerduty;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The stand-in over HTTP, against PagerDuty's documented request and answers. */
class PagerDutyStandInTest {

  private static final String KEY = "0123456789abcdef0123456789abcdef";
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-12-08T10:00:00Z"), ZoneOffset.UTC);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** A trigger shaped as the remediator sends XID 79's (the docs' example's fields). */
  private static final String TRIGGER =
      """
      {"routing_key":"%s","event_action":"trigger","dedup_key":"inc-7f3a9c21",
       "payload":{"summary":"CRITICAL DEVICE_FAULT inc-7f3a9c21: XID 79 on gpu-node-7",
         "source":"gpu-east/gpu-node-7","severity":"critical","timestamp":"2026-12-08T10:00:00Z",
         "component":"GPU-5d2c1e7a","group":"gpu-east","class":"DEVICE_FAULT",
         "custom_details":{"incident_id":"inc-7f3a9c21"}},
       "links":[{"href":"https://strata.example/incident.html?id=inc-7f3a9c21","text":"console"}],
       "client":"Strata","client_url":"https://strata.example"}
      """
          .formatted(KEY);

  private final ExecutorService executor = Executors.newFixedThreadPool(2);
  private PagerDutyStandIn pagerDuty;

  @BeforeEach
  void start() throws Exception {
    pagerDuty = new PagerDutyStandIn(KEY, CLOCK);
    pagerDuty.start("127.0.0.1", 0, executor);
  }

  @AfterEach
  void stop() {
    pagerDuty.close();
    executor.shutdownNow();
  }

  @Test
  void triggerAcknowledgeAndResolveAreAcceptedAndKeptInOrder() throws Exception {
    HttpResponse<String> trigger = post(TRIGGER);
    assertThat(trigger.statusCode()).isEqualTo(202);
    assertThat(JSON.readTree(trigger.body()))
        .isEqualTo(
            JSON.readTree(
                "{\"status\":\"success\",\"message\":\"Event processed\","
                    + "\"dedup_key\":\"inc-7f3a9c21\"}"));
    assertThat(post(followUp("acknowledge")).statusCode()).isEqualTo(202);
    assertThat(post(followUp("resolve")).statusCode()).isEqualTo(202);

    assertThat(pagerDuty.events().actions("inc-7f3a9c21"))
        .containsExactly("trigger", "acknowledge", "resolve");
    assertThat(pagerDuty.events().all().get(0).body()).isEqualTo(JSON.readTree(TRIGGER));
    JsonNode listed =
        JSON.readTree(
            HTTP.send(
                    HttpRequest.newBuilder(
                            URI.create(
                                pagerDuty.eventsUrl().replace("/v2/enqueue", "/pagerduty/events")))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body());
    assertThat(listed).hasSize(3);
    assertThat(listed.get(2).path("sequence").asLong()).isEqualTo(3);
    assertThat(listed.get(2).path("event_action").asText()).isEqualTo("resolve");
    assertThat(listed.get(2).path("dedup_key").asText()).isEqualTo("inc-7f3a9c21");
    assertThat(listed.get(2).path("received_at").asText()).isEqualTo("2026-12-08T10:00:00Z");
  }

  @Test
  void aTriggerWithoutDedupKeyGetsOneGenerated() throws Exception {
    ObjectNode event = (ObjectNode) JSON.readTree(TRIGGER);
    event.remove("dedup_key");
    ((ObjectNode) event.get("payload")).put("timestamp", "2015-07-17T08:42:58.315+0000");

    HttpResponse<String> answer = post(event.toString());

    assertThat(answer.statusCode()).isEqualTo(202);
    String generated = JSON.readTree(answer.body()).path("dedup_key").asText();
    assertThat(generated).matches("[0-9a-f]{32}");
    assertThat(pagerDuty.events().actions(generated)).containsExactly("trigger");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "short key | /routing_key | \"short\" | Length of 'routing_key' is incorrect (should be"
            + " 32 characters)",
        "unknown key | /routing_key | \"ffffffffffffffffffffffffffffffff\" | Invalid routing key",
        "no action | /event_action | null | 'event_action' is missing or blank",
        "bad action | /event_action | \"escalate\" | 'event_action' is invalid (must be trigger,"
            + " acknowledge or resolve)",
        "long dedup | /dedup_key | LONG | Length of 'dedup_key' is too long (maximum is 255"
            + " characters)",
        "no payload | /payload | null | 'payload' is missing or not an object",
        "no summary | /payload/summary | \"\" | 'payload.summary' is missing or blank",
        "long summary | /payload/summary | SUMMARY | Length of 'payload.summary' is too long"
            + " (maximum is 1024 characters)",
        "no source | /payload/source | null | 'payload.source' is missing or blank",
        "bad severity | /payload/severity | \"CRITICAL\" | 'payload.severity' is invalid (must be"
            + " critical, error, warning or info)",
        "bad time | /payload/timestamp | \"yesterday\" | 'payload.timestamp' is not an ISO 8601"
            + " timestamp",
        "link without href | /links | [{\"text\":\"x\"}] | 'links[0].href' is missing or blank"
      })
  void anInvalidTriggerIsA400WithPagerDutysErrorBodyAndIsNotKept(
      String name, String pointer, String value, String error) throws Exception {
    ObjectNode event = (ObjectNode) JSON.readTree(TRIGGER);
    String json =
        switch (value) {
          case "LONG" -> "\"" + "k".repeat(256) + "\"";
          case "SUMMARY" -> "\"" + "s".repeat(1025) + "\"";
          default -> value;
        };
    int slash = pointer.lastIndexOf('/');
    ObjectNode parent = (ObjectNode) event.at(pointer.substring(0, slash));
    String field = pointer.substring(slash + 1);
    if (json.equals("null")) {
      parent.remove(field);
    } else {
      parent.set(field, JSON.readTree(json));
    }

    HttpResponse<String> answer = post(event.toString());

    assertThat(answer.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(answer.body()))
        .isEqualTo(
            JSON.createObjectNode()
                .put("status", "invalid event")
                .put("message", "Event object is invalid")
                .set("errors", JSON.createArrayNode().add(error)));
    assertThat(pagerDuty.events().all()).isEmpty();
  }

  @Test
  void aResolveNeedsADedupKeyAndABodyMustBeAJsonObject() throws Exception {
    HttpResponse<String> resolve =
        post("{\"routing_key\":\"" + KEY + "\",\"event_action\":\"resolve\"}");
    assertThat(resolve.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(resolve.body()).path("errors").get(0).asText())
        .isEqualTo("'dedup_key' is missing or blank");

    HttpResponse<String> notJson = post("[1,2");
    assertThat(notJson.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(notJson.body()).path("status").asText()).isEqualTo("invalid event");
    assertThat(pagerDuty.events().all()).isEmpty();
  }

  @Test
  void scriptedThrottlingAnswersBeforeTheEventIsKept() throws Exception {
    pagerDuty.answerNext(429, 2);

    assertThat(post(TRIGGER).statusCode()).isEqualTo(429);
    assertThat(post(TRIGGER).statusCode()).isEqualTo(429);
    assertThat(post(TRIGGER).statusCode()).isEqualTo(202);
    assertThat(pagerDuty.events().actions("inc-7f3a9c21")).containsExactly("trigger");
  }

  @Test
  void otherMethodsAndPathsAreRefused() throws Exception {
    HttpResponse<String> get =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(pagerDuty.eventsUrl())).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(get.statusCode()).isEqualTo(405);
    HttpResponse<String> elsewhere =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(pagerDuty.eventsUrl().replace("/v2/", "/v1/")))
                .POST(HttpRequest.BodyPublishers.ofString(TRIGGER))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(elsewhere.statusCode()).isEqualTo(404);
  }

  private static String followUp(String action) {
    return "{\"routing_key\":\""
        + KEY
        + "\",\"event_action\":\""
        + action
        + "\",\"dedup_key\":\"inc-7f3a9c21\"}";
  }

  private HttpResponse<String> post(String body) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(pagerDuty.eventsUrl()))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
