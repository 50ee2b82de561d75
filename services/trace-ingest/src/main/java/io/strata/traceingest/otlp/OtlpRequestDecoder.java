package io.strata.traceingest.otlp;

import com.google.protobuf.InvalidProtocolBufferException;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/** Turns an OTLP/HTTP body (either encoding, optionally gzip) into the request message. */
public final class OtlpRequestDecoder {

  private final int maxBodyBytes;

  public OtlpRequestDecoder(int maxBodyBytes) {
    this.maxBodyBytes = maxBodyBytes;
  }

  public ExportTraceServiceRequest decode(byte[] body, OtlpFormat format, String contentEncoding)
      throws OtlpDecodeException {
    if (body.length > maxBodyBytes) {
      throw tooLarge();
    }
    byte[] plain = BodyDecompressor.decode(body, contentEncoding, maxBodyBytes);
    return switch (format) {
      case PROTOBUF -> parseProtobuf(plain);
      case JSON -> OtlpJson.parse(plain);
    };
  }

  public int maxBodyBytes() {
    return maxBodyBytes;
  }

  public OtlpDecodeException tooLarge() {
    return new OtlpDecodeException(
        DecodeFailure.BODY_TOO_LARGE, "body exceeds the limit of " + maxBodyBytes + " bytes");
  }

  private static ExportTraceServiceRequest parseProtobuf(byte[] body) throws OtlpDecodeException {
    try {
      return ExportTraceServiceRequest.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw new OtlpDecodeException(
          DecodeFailure.MALFORMED_PROTOBUF,
          "not an OTLP ExportTraceServiceRequest in protobuf: " + e.getMessage(),
          e);
    }
  }
}
