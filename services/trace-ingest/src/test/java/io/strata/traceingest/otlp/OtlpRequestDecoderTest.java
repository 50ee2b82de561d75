package io.strata.traceingest.otlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class OtlpRequestDecoderTest {

  private final OtlpRequestDecoder decoder = new OtlpRequestDecoder(64 * 1024);

  private final ExportTraceServiceRequest request =
      ExportTraceServiceRequest.newBuilder()
          .addResourceSpans(
              ResourceSpans.newBuilder()
                  .addScopeSpans(
                      ScopeSpans.newBuilder()
                          .addSpans(
                              Span.newBuilder()
                                  .setTraceId(
                                      ByteString.fromHex("0af7651916cd43dd8448eb211c80319c"))
                                  .setName("gpu.execute"))))
          .build();

  @Test
  void protobufPlainAndGzipDecode() throws Exception {
    assertThat(decoder.decode(request.toByteArray(), OtlpFormat.PROTOBUF, null)).isEqualTo(request);
    assertThat(decoder.decode(gzip(request.toByteArray()), OtlpFormat.PROTOBUF, "GZIP"))
        .isEqualTo(request);
    assertThat(decoder.decode(request.toByteArray(), OtlpFormat.PROTOBUF, "identity"))
        .isEqualTo(request);
  }

  @Test
  void failuresCarryTheirReasonAndStatus() throws IOException {
    expect(new byte[] {0x0a, 0x10, 0x01}, null, DecodeFailure.MALFORMED_PROTOBUF, 400);
    expect(new byte[] {1, 2, 3}, "gzip", DecodeFailure.MALFORMED_GZIP, 400);
    expect(request.toByteArray(), "br", DecodeFailure.UNSUPPORTED_CONTENT_ENCODING, 415);
    expect(new byte[64 * 1024 + 1], null, DecodeFailure.BODY_TOO_LARGE, 413);
    expect(gzip(new byte[1024 * 1024]), "gzip", DecodeFailure.BODY_TOO_LARGE, 413);
  }

  @Test
  void contentTypesAreMatchedWithoutParameters() {
    assertThat(OtlpFormat.ofContentType("application/json; charset=utf-8"))
        .contains(OtlpFormat.JSON);
    assertThat(OtlpFormat.ofContentType("Application/X-Protobuf")).contains(OtlpFormat.PROTOBUF);
    assertThat(OtlpFormat.ofContentType("text/plain")).isEmpty();
    assertThat(OtlpFormat.ofContentType(null)).isEmpty();
  }

  @Test
  void idsRenderAsLowercaseHexAndValidate() {
    assertThat(OtlpIds.hex(ByteString.fromHex("0AF7651916CD43DD8448EB211C80319C")))
        .isEqualTo("0af7651916cd43dd8448eb211c80319c");
    assertThat(OtlpIds.validTraceId(ByteString.copyFrom(new byte[16]))).isFalse();
    assertThat(OtlpIds.validSpanId(ByteString.fromHex("00000000000000ff"))).isTrue();
    assertThat(OtlpIds.parseHex("0g")).isEmpty();
    assertThat(OtlpIds.parseHex("abc")).isEmpty();
  }

  private void expect(byte[] body, String encoding, DecodeFailure failure, int status) {
    assertThatThrownBy(() -> decoder.decode(body, OtlpFormat.PROTOBUF, encoding))
        .isInstanceOfSatisfying(
            OtlpDecodeException.class,
            e -> {
              assertThat(e.failure()).isEqualTo(failure);
              assertThat(e.failure().httpStatus()).isEqualTo(status);
            });
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
      zip.write(data);
    }
    return out.toByteArray();
  }
}
