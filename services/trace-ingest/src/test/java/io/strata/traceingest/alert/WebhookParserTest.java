package io.strata.traceingest.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.alert.AlertStatus;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** The real Alertmanager bodies read exactly; every malformed variant refused with its reason. */
class WebhookParserTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LONE = "@LONE@";
  private final WebhookParser parser = new WebhookParser(AlertFixtures.LIMITS);

  @Test
  void aFiringGroupOfTwoGpusIsReadField() {
    WebhookMessage message = AlertFixtures.parsed(AlertFixtures.GPU_XID_FIRING);

    assertThat(message.receiver()).isEqualTo("strata");
    assertThat(message.status()).isEqualTo("firing");
    assertThat(message.version()).isEqualTo("4");
    assertThat(message.groupKey())
        .isEqualTo("{}:{alertname=\"GpuXidError\", cluster=\"prod-us-east-1\"}");
    assertThat(message.truncatedAlerts()).isZero();
    assertThat(message.externalUrl()).isEqualTo("http://alertmanager.monitoring:9093");
    assertThat(message.groupLabels())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("alertname", "GpuXidError", "cluster", "prod-us-east-1"));
    assertThat(message.commonLabels()).hasSize(10).containsEntry("job", "dcgm-exporter");
    assertThat(message.commonAnnotations()).isEmpty();
    assertThat(message.alerts()).hasSize(2);

    WebhookAlert gpu3 = message.alerts().get(0);
    assertThat(gpu3.status()).isEqualTo(AlertStatus.FIRING);
    assertThat(gpu3.fingerprint()).isEqualTo("30d13215198d778a");
    assertThat(gpu3.startsAt()).isEqualTo(Instant.parse("2026-12-07T17:20:03.417Z"));
    assertThat(gpu3.endsAt()).as("Alertmanager's zero time").isNull();
    assertThat(gpu3.generatorUrl())
        .isEqualTo(
            "http://prometheus-k8s-0:9090/graph?g0.expr=DCGM_FI_DEV_XID_ERRORS+%3E+0&g0.tab=1");
    assertThat(gpu3.labels())
        .hasSize(22)
        .containsEntry("UUID", "GPU-5c2a1f3e-8b7d-4e21-9f0a-3d6c2b1a9e47")
        .containsEntry("Hostname", "gpu-node-07")
        .containsEntry("exported_pod", "llama-70b-7d9f8c6b5-x2kqp")
        .containsEntry("err_msg", "GPU has fallen off the bus");
    assertThat(gpu3.annotations())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "description",
                "DCGM_FI_DEV_XID_ERRORS reports XID 79 (GPU has fallen off the bus) on"
                    + " GPU-5c2a1f3e-8b7d-4e21-9f0a-3d6c2b1a9e47.",
                "runbook_url",
                "https://runbooks.example.org/gpu/xid-79",
                "summary",
                "XID 79 on GPU 3 of gpu-node-07"));
    assertThat(message.alerts().get(1).fingerprint()).isEqualTo("3f6a6800b709ca0b");
  }

  @Test
  void aResolvedAlertKeepsItsEndWhileTheOtherStillFires() {
    WebhookMessage message = AlertFixtures.parsed(AlertFixtures.GPU_XID_RESOLVED);

    assertThat(message.alerts())
        .extracting(WebhookAlert::fingerprint, WebhookAlert::status, WebhookAlert::endsAt)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "30d13215198d778a", AlertStatus.RESOLVED, Instant.parse("2026-12-07T17:26:41.5Z")),
            org.assertj.core.groups.Tuple.tuple("3f6a6800b709ca0b", AlertStatus.FIRING, null));
  }

  @Test
  void maxAlertsShowsAsTruncatedAlerts() {
    WebhookMessage message = AlertFixtures.parsed(AlertFixtures.GPU_TEMPERATURE_TRUNCATED);

    assertThat(message.truncatedAlerts()).isEqualTo(1);
    assertThat(message.alerts())
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.fingerprint()).isEqualTo("804e6f9c691025c7");
              assertThat(a.startsAt()).isEqualTo(Instant.parse("2026-12-07T17:24:10.120Z"));
            });
  }

  @Test
  void offsetsNullMapsAndAMissingEndAreAccepted() {
    WebhookMessage message =
        parse(
            AlertFixtures.KUBE_CRASHLOOPING,
            root -> {
              ObjectNode alert = alert(root, 0);
              alert.put("startsAt", "2026-12-07T19:22:48.002+02:00");
              alert.remove("endsAt");
              alert.putNull("annotations");
              root.putNull("commonAnnotations");
              root.putNull("groupLabels");
              root.put("unknownFutureField", 7);
            });

    WebhookAlert alert = message.alerts().get(0);
    assertThat(alert.startsAt()).isEqualTo(Instant.parse("2026-12-07T17:22:48.002Z"));
    assertThat(alert.endsAt()).isNull();
    assertThat(alert.annotations()).isEmpty();
    assertThat(message.commonAnnotations()).isEmpty();
    assertThat(message.groupLabels()).isEmpty();
  }

  @Test
  void aFiringAlertsPlannedEndIsNotKept() {
    WebhookMessage message =
        parse(
            AlertFixtures.KUBE_CRASHLOOPING,
            root -> alert(root, 0).put("endsAt", "2026-12-07T17:40:00Z"));

    assertThat(message.alerts().get(0).endsAt()).isNull();
  }

  record Case(String name, Consumer<ObjectNode> mutation, WebhookRejection reason, String text) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final java.util.List<Case> MALFORMED =
      java.util.List.of(
          new Case(
              "version 3",
              r -> r.put("version", "3"),
              WebhookRejection.UNSUPPORTED_VERSION,
              "version 3 is not supported"),
          new Case(
              "version as a number",
              r -> r.put("version", 4),
              WebhookRejection.WRONG_TYPE,
              "version must be a string"),
          new Case(
              "no version",
              r -> r.remove("version"),
              WebhookRejection.MISSING_FIELD,
              "version is required"),
          new Case(
              "status pending",
              r -> r.put("status", "pending"),
              WebhookRejection.INVALID_STATUS,
              "status must be firing or resolved"),
          new Case(
              "alerts an object",
              r -> r.putObject("alerts"),
              WebhookRejection.WRONG_TYPE,
              "alerts must be an array"),
          new Case(
              "an alert that is a string",
              r -> r.withArray("alerts").set(0, r.textNode("x")),
              WebhookRejection.WRONG_TYPE,
              "alerts[0] must be a JSON object"),
          new Case(
              "alert status active",
              r -> alert(r, 1).put("status", "active"),
              WebhookRejection.INVALID_STATUS,
              "alerts[1].status must be firing or resolved"),
          new Case(
              "no fingerprint",
              r -> alert(r, 0).remove("fingerprint"),
              WebhookRejection.MISSING_FIELD,
              "alerts[0].fingerprint is required"),
          new Case(
              "fingerprint upper case",
              r -> alert(r, 0).put("fingerprint", "30D13215198D778A"),
              WebhookRejection.INVALID_FINGERPRINT,
              "alerts[0].fingerprint must be 16 lowercase hex"),
          new Case(
              "startsAt not a time",
              r -> alert(r, 0).put("startsAt", "yesterday"),
              WebhookRejection.INVALID_TIMESTAMP,
              "alerts[0].startsAt is not an RFC 3339 time: \"yesterday\""),
          new Case(
              "startsAt zero",
              r -> alert(r, 0).put("startsAt", "0001-01-01T00:00:00Z"),
              WebhookRejection.INVALID_TIMESTAMP,
              "alerts[0].startsAt is the zero time"),
          new Case(
              "resolved without end",
              r -> alert(r, 0).put("status", "resolved").put("endsAt", "0001-01-01T00:00:00Z"),
              WebhookRejection.INVALID_TIMESTAMP,
              "a resolved alert has an end"),
          new Case(
              "end before start",
              r -> alert(r, 0).put("status", "resolved").put("endsAt", "2026-12-07T17:00:00Z"),
              WebhookRejection.INVALID_TIMESTAMP,
              "alerts[0].endsAt is before startsAt"),
          new Case(
              "a label value that is a number",
              r -> labels(r, 0).put("gpu", 3),
              WebhookRejection.WRONG_TYPE,
              "alerts[0].labels.gpu must be a string"),
          new Case(
              "labels an array",
              r -> alert(r, 0).putArray("labels"),
              WebhookRejection.WRONG_TYPE,
              "alerts[0].labels must be an object of strings"),
          new Case(
              "no labels",
              r -> alert(r, 0).remove("labels"),
              WebhookRejection.MISSING_FIELD,
              "alerts[0].labels is required"),
          new Case(
              "65 labels",
              r -> {
                for (int i = 0; i < 43; i++) {
                  labels(r, 0).put("extra_" + i, "v");
                }
              },
              WebhookRejection.TOO_MANY_LABELS,
              "alerts[0].labels has 65 entries, more than 64"),
          new Case(
              "a label value of 1025 characters",
              r -> labels(r, 0).put("pod", "p".repeat(1025)),
              WebhookRejection.LABEL_TOO_LONG,
              "alerts[0].labels.pod: value longer than 1024 characters"),
          new Case(
              "an annotation of 4097 characters",
              r ->
                  ((ObjectNode) alert(r, 0).get("annotations"))
                      .put("description", "d".repeat(4097)),
              WebhookRejection.ANNOTATION_TOO_LONG,
              "alerts[0].annotations.description: value longer than 4096 characters"),
          new Case(
              "an alert of 132272 characters",
              r -> {
                ObjectNode annotations = (ObjectNode) alert(r, 0).get("annotations");
                annotations.removeAll();
                for (int i = 0; i < 32; i++) {
                  annotations.put(String.format("a%02d", i), "x".repeat(4096));
                }
                labels(r, 0).removeAll();
                labels(r, 0).put("k", "v".repeat(1023));
              },
              WebhookRejection.ALERT_TOO_LARGE,
              // 32 x (3 + 4096) + 1 + 1023 + the 80 characters of generatorURL.
              "alerts[0] labels, annotations and generatorURL hold 132272 characters, more than"
                  + " max-alert-characters 131072"),
          new Case(
              "a lone surrogate",
              r -> labels(r, 0).put("pod", "x" + LONE + "y"),
              WebhookRejection.INVALID_TEXT,
              "alerts[0].labels.pod holds a lone UTF-16 surrogate"),
          new Case(
              "truncatedAlerts negative",
              r -> r.put("truncatedAlerts", -1),
              WebhookRejection.WRONG_TYPE,
              "truncatedAlerts must be a whole number >= 0"),
          new Case(
              "1001 alerts",
              r -> {
                JsonNode first = r.withArray("alerts").get(0);
                for (int i = 0; i < 999; i++) {
                  r.withArray("alerts").add(first.deepCopy());
                }
              },
              WebhookRejection.TOO_MANY_ALERTS,
              "1001 alerts, more than max-alerts 1000"));

  @ParameterizedTest
  @FieldSource("MALFORMED")
  void aMalformedNotificationIsRejectedWithItsReason(Case malformed) {
    assertThatThrownBy(() -> parse(AlertFixtures.GPU_XID_FIRING, malformed.mutation()))
        .isInstanceOfSatisfying(
            WebhookRejectedException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(malformed.reason());
              assertThat(e.getMessage()).contains(malformed.text());
            });
  }

  @Test
  void bodiesThatAreNotOneJsonObjectAreMalformed() {
    for (String body :
        new String[] {
          "", "not json", "[]", "\"text\"", "{\"version\":\"4\"} {}", "{\"a\":1,\"a\":2}", "{"
        }) {
      assertThatThrownBy(() -> parser.parse(body.getBytes(StandardCharsets.UTF_8)))
          .as(body)
          .isInstanceOfSatisfying(
              WebhookRejectedException.class,
              e -> assertThat(e.reason()).isEqualTo(WebhookRejection.MALFORMED_JSON));
    }
    assertThatThrownBy(() -> parser.parse(new byte[] {'{', '"', (byte) 0xC3, '"', ':', '1', '}'}))
        .isInstanceOfSatisfying(
            WebhookRejectedException.class,
            e -> assertThat(e.reason()).isEqualTo(WebhookRejection.MALFORMED_JSON));
  }

  private WebhookMessage parse(String fixture, Consumer<ObjectNode> mutation) {
    try {
      ObjectNode root = (ObjectNode) JSON.readTree(AlertFixtures.body(fixture));
      mutation.accept(root);
      // Jackson will not write a lone surrogate; JSON's escape of one is what a sender can send.
      String json = JSON.writeValueAsString(root).replace(LONE, "\\ud800");
      return parser.parse(json.getBytes(StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static ObjectNode alert(ObjectNode root, int index) {
    return (ObjectNode) root.withArray("alerts").get(index);
  }

  private static ObjectNode labels(ObjectNode root, int index) {
    return (ObjectNode) alert(root, index).get("labels");
  }
}
