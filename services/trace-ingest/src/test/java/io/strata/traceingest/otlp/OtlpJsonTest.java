package io.strata.traceingest.otlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OtlpJsonTest {

  @Test
  void officialExampleParsesWithHexIdsIntegerEnumsAndStringInt64() throws Exception {
    ExportTraceServiceRequest request = OtlpJson.parse(example());

    Span span = request.getResourceSpans(0).getScopeSpans(0).getSpans(0);
    assertThat(span.getTraceId()).isEqualTo(ByteString.fromHex("5b8efff798038103d269b633813fc60c"));
    assertThat(span.getSpanId()).isEqualTo(ByteString.fromHex("eee19b7ec3c1b174"));
    assertThat(span.getParentSpanId()).isEqualTo(ByteString.fromHex("eee19b7ec3c1b173"));
    assertThat(span.getKind()).isEqualTo(Span.SpanKind.SPAN_KIND_SERVER);
    assertThat(span.getStartTimeUnixNano()).isEqualTo(1_544_712_660_000_000_000L);
    assertThat(span.getEndTimeUnixNano()).isEqualTo(1_544_712_661_000_000_000L);
    assertThat(
            request.getResourceSpans(0).getResource().getAttributes(0).getValue().getStringValue())
        .isEqualTo("my.service");
  }

  @Test
  void numbersForInt64UnknownFieldsAndLinkIdsAreAccepted() throws Exception {
    String json =
        """
        {"resourceSpans":[{"futureField":true,"scopeSpans":[{"spans":[{
          "traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"b7ad6b7169203331",
          "startTimeUnixNano":1764496800000000000,"endTimeUnixNano":"1764496800000000001",
          "links":[{"traceId":"4BF92F3577B34DA6A3CE929D0E0E4736","spanId":"00F067AA0BA902B7"}],
          "attributes":[{"key":"n","value":{"intValue":"42"}}]}]}]}]}
        """;
    Span span = OtlpJson.parse(bytes(json)).getResourceSpans(0).getScopeSpans(0).getSpans(0);
    assertThat(span.getStartTimeUnixNano()).isEqualTo(1_764_496_800_000_000_000L);
    assertThat(span.getLinks(0).getTraceId())
        .isEqualTo(ByteString.fromHex("4bf92f3577b34da6a3ce929d0e0e4736"));
    assertThat(span.getLinks(0).getSpanId()).isEqualTo(ByteString.fromHex("00f067aa0ba902b7"));
    assertThat(span.getAttributes(0).getValue().getIntValue()).isEqualTo(42);
  }

  @Test
  void nonHexIdsBecomeEmptySoValidationRejectsTheSpanNotTheRequest() throws Exception {
    String json =
        """
        {"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"zz","spanId":"abc"}]}]}]}
        """;
    Span span = OtlpJson.parse(bytes(json)).getResourceSpans(0).getScopeSpans(0).getSpans(0);
    assertThat(span.getTraceId()).isEmpty();
    assertThat(span.getSpanId()).isEmpty();
  }

  @Test
  void malformedBodiesFailWithMalformedJson() {
    for (String body :
        new String[] {
          "{\"resourceSpans\": [", "[]", "null", "{\"resourceSpans\":[{\"scopeSpans\":7}]}"
        }) {
      assertThatThrownBy(() -> OtlpJson.parse(bytes(body)))
          .as(body)
          .isInstanceOfSatisfying(
              OtlpDecodeException.class,
              e -> assertThat(e.failure()).isEqualTo(DecodeFailure.MALFORMED_JSON));
    }
  }

  @Test
  void responsesPrintInt64AsStringsAndOmitDefaults() {
    assertThat(OtlpJson.print(ExportTraceServiceResponse.getDefaultInstance())).isEqualTo("{}");
    ExportTraceServiceResponse partial =
        ExportTraceServiceResponse.newBuilder()
            .setPartialSuccess(
                ExportTracePartialSuccess.newBuilder().setRejectedSpans(3).setErrorMessage("bad"))
            .build();
    assertThat(OtlpJson.print(partial))
        .isEqualTo("{\"partialSuccess\":{\"rejectedSpans\":\"3\",\"errorMessage\":\"bad\"}}");
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] example() throws IOException {
    try (InputStream in = OtlpJsonTest.class.getResourceAsStream("/otlp/examples__trace.json")) {
      return in.readAllBytes();
    }
  }
}
