package io.strata.traceingest.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.strata.traceingest.otlp.DecodeFailure;
import io.strata.traceingest.otlp.OtlpDecodeException;
import io.strata.traceingest.otlp.OtlpFormat;
import io.strata.traceingest.otlp.OtlpJson;
import io.strata.traceingest.otlp.OtlpRequestDecoder;
import io.strata.traceingest.summary.AttributeKeys;
import io.strata.traceingest.summary.SpanSummarizer;
import io.strata.traceingest.summary.StageTable;
import io.strata.traceingest.summary.SummaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Fuzzing the OTLP ingress (issue 16): 10,000 mutated protobuf bodies and 10,000 mutated JSON
 * bodies (a share of each gzip-compressed), from fixed seeds, through the receiver's decode and
 * summarise path, exactly what OtlpHttpHandler runs before publishing. Every body ends as a 4xx
 * with a DecodeFailure, or as an answer in which every span is accepted or rejected with a reason;
 * nothing throws anything else (which the handler would answer with 500).
 */
class OtlpBodyFuzzTest {

  static final int BODIES = 10_000;
  private static final Path REAL_TRACE = Path.of("src/test/resources/otlp/examples__trace.json");
  private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
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
    "\"5B8EFFF798038103\"",
    "18446744073709551616",
    "\"\\u0000\"",
    "[[[[[[[[[[]]]]]]]]]]",
    "\"\\ud800\""
  };

  private final OtlpRequestDecoder decoder = new OtlpRequestDecoder(64 * 1024);
  private final SpanSummarizer summarizer =
      new SpanSummarizer(
          StageTable.defaults(),
          new AttributeKeys(
              List.of("model_version"),
              List.of("queue"),
              List.of("gpu.uuid"),
              List.of("gpu.type"),
              List.of("gen_ai.usage.output_tokens")),
          64);

  /** Outcome counts of one run, printed and checked. */
  private final Map<DecodeFailure, Integer> failures = new EnumMap<>(DecodeFailure.class);

  private int answered;
  private int spansAccepted;
  private int spansRejected;

  @Test
  void mutatedProtobufBodiesAre4xxOrAnsweredSpanBySpan() throws Exception {
    byte[] valid = realRequest().toByteArray();
    assertThat(run(valid, OtlpFormat.PROTOBUF, null)).as("the unmutated body").isTrue();
    Random random = new Random(4318);
    for (int i = 0; i < BODIES; i++) {
      byte[] body = mutateBytes(valid, random);
      run(i % 10 == 0 ? gzip(body) : body, OtlpFormat.PROTOBUF, i % 10 == 0 ? "gzip" : null);
    }
    report("protobuf");
  }

  @Test
  void mutatedJsonBodiesAre4xxOrAnsweredSpanBySpan() throws Exception {
    String valid = Files.readString(REAL_TRACE);
    assertThat(run(valid.getBytes(StandardCharsets.UTF_8), OtlpFormat.JSON, null)).isTrue();
    Random random = new Random(4317);
    for (int i = 0; i < BODIES; i++) {
      byte[] body =
          i % 2 == 0
              ? mutateBytes(valid.getBytes(StandardCharsets.UTF_8), random)
              : replaceAValue(valid, random).getBytes(StandardCharsets.UTF_8);
      run(i % 10 == 0 ? gzip(body) : body, OtlpFormat.JSON, i % 10 == 0 ? "gzip" : null);
    }
    report("JSON");
  }

  /** True when the body was readable; asserts the handler's invariants either way. */
  private boolean run(byte[] body, OtlpFormat format, String encoding) {
    ExportTraceServiceRequest request;
    try {
      request = decoder.decode(body, format, encoding);
    } catch (OtlpDecodeException e) {
      assertThat(e.failure()).isNotNull().isNotEqualTo(DecodeFailure.UNSPECIFIED);
      assertThat(e.getMessage()).isNotBlank();
      HttpAnswer answer = HttpAnswer.malformed(e.failure(), e.getMessage(), format);
      assertThat(answer.status()).isBetween(400, 499);
      failures.merge(e.failure(), 1, Integer::sum);
      return false;
    }
    SummaryBatch batch = summarizer.summarize(request, NOW);
    assertThat(batch.acceptedSpans() + batch.rejectedCount()).isEqualTo(spans(request));
    assertThat(batch.rejections().keySet()).doesNotContainNull();
    if (batch.rejectedCount() > 0) {
      assertThat(batch.rejectionMessage()).isNotBlank();
    }
    HttpAnswer answer =
        HttpAnswer.success(
            new ExportOutcome.Accepted(
                batch.acceptedSpans(), batch.rejectedCount(), batch.rejectionMessage()),
            format);
    assertThat(answer.status()).isEqualTo(200);
    answered++;
    spansAccepted += batch.acceptedSpans();
    spansRejected += batch.rejectedCount();
    return true;
  }

  private void report(String encoding) {
    int rejected = failures.values().stream().mapToInt(Integer::intValue).sum();
    System.out.printf(
        "OTLP %s fuzz: %d bodies: %d answered 200 (%d spans accepted, %d rejected with a reason),"
            + " %d answered 4xx %s, 0 answered 500%n",
        encoding, BODIES + 1, answered, spansAccepted, spansRejected, rejected, failures);
    assertThat(answered + rejected).isEqualTo(BODIES + 1);
  }

  private static ExportTraceServiceRequest realRequest() throws Exception {
    ExportTraceServiceRequest real = OtlpJson.parse(Files.readAllBytes(REAL_TRACE));
    // Three copies of the real resource so mutations hit repeated fields, not just the first.
    ExportTraceServiceRequest.Builder more = real.toBuilder();
    ResourceSpans first = real.getResourceSpans(0);
    more.addResourceSpans(first).addResourceSpans(first);
    return more.build();
  }

  private static int spans(ExportTraceServiceRequest request) {
    int spans = 0;
    for (ResourceSpans resource : request.getResourceSpansList()) {
      for (ScopeSpans scope : resource.getScopeSpansList()) {
        spans += scope.getSpansCount();
      }
    }
    return spans;
  }

  private static byte[] mutateBytes(byte[] valid, Random random) {
    byte[] body = valid.clone();
    int edits = 1 + random.nextInt(8);
    for (int k = 0; k < edits && body.length > 0; k++) {
      int at = random.nextInt(body.length);
      switch (random.nextInt(4)) {
        case 0 -> body[at] = (byte) random.nextInt(256);
        case 1 -> body[at] ^= (byte) (1 << random.nextInt(8));
        case 2 -> body = java.util.Arrays.copyOf(body, at);
        default -> {
          byte[] longer = new byte[body.length + 1];
          System.arraycopy(body, 0, longer, 0, at);
          longer[at] = (byte) random.nextInt(256);
          System.arraycopy(body, at, longer, at + 1, body.length - at);
          body = longer;
        }
      }
    }
    return body;
  }

  /** Replaces one JSON value (after a ':') with another value of any type. */
  private static String replaceAValue(String json, Random random) {
    int colon = -1;
    for (int tries = 0; tries < 20 && colon < 0; tries++) {
      colon = json.indexOf(':', random.nextInt(json.length()));
    }
    if (colon < 0) {
      colon = json.indexOf(':');
    }
    int start = colon + 1;
    int end = start;
    int depth = 0;
    boolean inString = false;
    while (end < json.length()) {
      char c = json.charAt(end);
      if (inString) {
        inString = c != '"' || json.charAt(end - 1) == '\\';
      } else if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        if (depth == 0) {
          break;
        }
        depth--;
      } else if (c == ',' && depth == 0) {
        break;
      }
      end++;
    }
    return json.substring(0, start)
        + JSON_VALUES[random.nextInt(JSON_VALUES.length)]
        + json.substring(end);
  }

  private static byte[] gzip(byte[] body) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream zip = new GZIPOutputStream(out)) {
      zip.write(body);
    }
    return out.toByteArray();
  }
}
