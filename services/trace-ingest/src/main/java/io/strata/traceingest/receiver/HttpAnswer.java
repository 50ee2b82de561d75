package io.strata.traceingest.receiver;

import com.google.rpc.Code;
import com.google.rpc.Status;
import io.opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.strata.traceingest.kafka.Refusal;
import io.strata.traceingest.otlp.DecodeFailure;
import io.strata.traceingest.otlp.OtlpFormat;
import io.strata.traceingest.otlp.OtlpJson;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * An OTLP/HTTP answer: 200 with ExportTraceServiceResponse, or an error status with a
 * google.rpc.Status body in the request's encoding (OTLP specification, "Failures").
 *
 * @param retryAfterSeconds the Retry-After header, or null for none
 */
public record HttpAnswer(int status, String contentType, byte[] body, Long retryAfterSeconds) {

  public static HttpAnswer of(ExportOutcome outcome, OtlpFormat format, Duration retryAfter) {
    if (outcome instanceof ExportOutcome.Accepted accepted) {
      return success(accepted, format);
    }
    return refusal((ExportOutcome.Refused) outcome, format, retryAfter);
  }

  public static HttpAnswer success(ExportOutcome.Accepted accepted, OtlpFormat format) {
    ExportTraceServiceResponse.Builder response = ExportTraceServiceResponse.newBuilder();
    if (accepted.rejectedSpans() > 0) {
      response.setPartialSuccess(
          ExportTracePartialSuccess.newBuilder()
              .setRejectedSpans(accepted.rejectedSpans())
              .setErrorMessage(accepted.rejectionMessage()));
    }
    ExportTraceServiceResponse message = response.build();
    return new HttpAnswer(200, format.mediaType(), encode(message, format), null);
  }

  public static HttpAnswer refusal(
      ExportOutcome.Refused refused, OtlpFormat format, Duration retryAfter) {
    Code code = refused.reason() == Refusal.OVERLOADED ? Code.RESOURCE_EXHAUSTED : Code.UNAVAILABLE;
    Status status =
        Status.newBuilder().setCode(code.getNumber()).setMessage(refused.message()).build();
    return new HttpAnswer(
        refused.reason().httpStatus(),
        format.mediaType(),
        encode(status, format),
        retryAfterSeconds(retryAfter));
  }

  /** A body that could not be read; without a known encoding the message is plain text. */
  public static HttpAnswer malformed(DecodeFailure failure, String message, OtlpFormat format) {
    if (format == null) {
      return new HttpAnswer(
          failure.httpStatus(),
          "text/plain; charset=utf-8",
          message.getBytes(StandardCharsets.UTF_8),
          null);
    }
    Code code =
        failure == DecodeFailure.BODY_TOO_LARGE ? Code.RESOURCE_EXHAUSTED : Code.INVALID_ARGUMENT;
    Status status = Status.newBuilder().setCode(code.getNumber()).setMessage(message).build();
    return new HttpAnswer(failure.httpStatus(), format.mediaType(), encode(status, format), null);
  }

  /** Whole seconds, rounded up, at least one. */
  public static long retryAfterSeconds(Duration retryAfter) {
    long seconds = retryAfter.toSeconds() + (retryAfter.toNanosPart() > 0 ? 1 : 0);
    return Math.max(1, seconds);
  }

  private static byte[] encode(com.google.protobuf.Message message, OtlpFormat format) {
    return switch (format) {
      case PROTOBUF -> message.toByteArray();
      case JSON -> OtlpJson.print(message).getBytes(StandardCharsets.UTF_8);
    };
  }
}
