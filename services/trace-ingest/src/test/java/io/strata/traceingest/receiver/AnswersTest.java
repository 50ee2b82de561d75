package io.strata.traceingest.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.rpc.Code;
import com.google.rpc.RetryInfo;
import com.google.rpc.Status;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.strata.traceingest.kafka.Refusal;
import io.strata.traceingest.otlp.DecodeFailure;
import io.strata.traceingest.otlp.OtlpFormat;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class AnswersTest {

  @Test
  void successAndPartialSuccessInBothEncodings() throws Exception {
    HttpAnswer ok =
        HttpAnswer.of(new ExportOutcome.Accepted(3, 0, ""), OtlpFormat.JSON, Duration.ofSeconds(5));
    assertThat(ok.status()).isEqualTo(200);
    assertThat(new String(ok.body(), StandardCharsets.UTF_8)).isEqualTo("{}");
    assertThat(ok.retryAfterSeconds()).isNull();

    HttpAnswer partial =
        HttpAnswer.of(
            new ExportOutcome.Accepted(3, 2, "2 of 5 spans rejected"),
            OtlpFormat.PROTOBUF,
            Duration.ofSeconds(5));
    ExportTraceServiceResponse response = ExportTraceServiceResponse.parseFrom(partial.body());
    assertThat(response.getPartialSuccess().getRejectedSpans()).isEqualTo(2);
    assertThat(response.getPartialSuccess().getErrorMessage()).isEqualTo("2 of 5 spans rejected");
    assertThat(partial.contentType()).isEqualTo("application/x-protobuf");
  }

  @Test
  void refusalsAreRetryableWithRetryAfterRoundedUp() throws Exception {
    HttpAnswer overloaded =
        HttpAnswer.of(
            new ExportOutcome.Refused(Refusal.OVERLOADED, "busy"),
            OtlpFormat.PROTOBUF,
            Duration.ofMillis(1500));
    assertThat(overloaded.status()).isEqualTo(429);
    assertThat(overloaded.retryAfterSeconds()).isEqualTo(2);
    assertThat(Status.parseFrom(overloaded.body()).getCode())
        .isEqualTo(Code.RESOURCE_EXHAUSTED_VALUE);

    HttpAnswer down =
        HttpAnswer.of(
            new ExportOutcome.Refused(Refusal.KAFKA_UNAVAILABLE, "kafka down"),
            OtlpFormat.JSON,
            Duration.ZERO);
    assertThat(down.status()).isEqualTo(503);
    assertThat(down.retryAfterSeconds()).isEqualTo(1);
    assertThat(new String(down.body(), StandardCharsets.UTF_8))
        .isEqualTo("{\"code\":14,\"message\":\"kafka down\"}");
  }

  @Test
  void malformedBodiesWithoutAKnownEncodingAnswerInPlainText() {
    HttpAnswer answer =
        HttpAnswer.malformed(DecodeFailure.UNSUPPORTED_CONTENT_TYPE, "use protobuf", null);
    assertThat(answer.status()).isEqualTo(415);
    assertThat(answer.contentType()).startsWith("text/plain");
    assertThat(HttpAnswer.malformed(DecodeFailure.BODY_TOO_LARGE, "big", OtlpFormat.JSON).status())
        .isEqualTo(413);
  }

  @Test
  void grpcRefusalsCarryRetryInfo() throws Exception {
    String trailer = OtlpGrpcHandler.statusDetails("kafka down", Duration.ofSeconds(7));
    assertThat(trailer).doesNotEndWith("=");
    Status status = Status.parseFrom(Base64.getDecoder().decode(trailer));
    assertThat(status.getCode()).isEqualTo(Code.UNAVAILABLE_VALUE);
    assertThat(status.getMessage()).isEqualTo("kafka down");
    assertThat(status.getDetails(0).unpack(RetryInfo.class).getRetryDelay().getSeconds())
        .isEqualTo(7);
  }

  @Test
  void outcomeTagsAreLowCardinality() {
    assertThat(Outcomes.tag(new ExportOutcome.Accepted(1, 0, ""))).isEqualTo("accepted");
    assertThat(Outcomes.tag(new ExportOutcome.Accepted(1, 1, "x"))).isEqualTo("partial");
    assertThat(Outcomes.tag(new ExportOutcome.Refused(Refusal.OVERLOADED, "x")))
        .isEqualTo("overloaded");
  }
}
