package io.strata.traceingest.otlp;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import java.io.IOException;
import java.util.Base64;
import java.util.List;

/**
 * OTLP's JSON encoding: the proto3 JSON mapping, except that trace and span ids are hex strings
 * where proto3 JSON has base64. Hex digits are also base64 characters, so a plain proto3 parser
 * would silently decode a hex id into wrong bytes; the ids are rewritten to base64 first.
 */
public final class OtlpJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final List<String> ID_FIELDS = List.of("traceId", "spanId", "parentSpanId");
  private static final JsonFormat.Parser PARSER = JsonFormat.parser().ignoringUnknownFields();
  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace();

  private OtlpJson() {}

  public static ExportTraceServiceRequest parse(byte[] json) throws OtlpDecodeException {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JacksonException e) {
      throw malformed("not JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw malformed("unreadable JSON body", e);
    }
    if (root == null || !root.isObject()) {
      throw malformed("the body must be a JSON object (ExportTraceServiceRequest)", null);
    }
    for (JsonNode resourceSpans : root.path("resourceSpans")) {
      for (JsonNode scopeSpans : resourceSpans.path("scopeSpans")) {
        for (JsonNode span : scopeSpans.path("spans")) {
          hexIdsToBase64(span);
          span.path("links").forEach(OtlpJson::hexIdsToBase64);
        }
      }
    }
    ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
    try {
      PARSER.merge(root.toString(), request);
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      throw malformed("not an OTLP ExportTraceServiceRequest: " + e.getMessage(), e);
    }
    return request.build();
  }

  /** A message in OTLP JSON (responses carry no ids, so the proto3 mapping is exact). */
  public static String print(MessageOrBuilder message) {
    try {
      return PRINTER.print(message);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("cannot print " + message.getClass().getSimpleName(), e);
    }
  }

  private static void hexIdsToBase64(JsonNode node) {
    if (!(node instanceof ObjectNode object)) {
      return;
    }
    for (String field : ID_FIELDS) {
      JsonNode id = object.get(field);
      if (id != null && id.isTextual()) {
        object.put(field, Base64.getEncoder().encodeToString(OtlpIds.parseHex(id.textValue())));
      }
    }
  }

  private static OtlpDecodeException malformed(String message, Throwable cause) {
    return new OtlpDecodeException(DecodeFailure.MALFORMED_JSON, message, cause);
  }
}
