package io.strata.events.cloudevents;

import io.strata.events.EventType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * CloudEvents 1.0 Kafka protocol binding, binary content mode: the event's attributes travel as
 * {@code ce_*} headers and the record value is the JSON data itself, so consumers that ignore
 * CloudEvents still read plain JSON.
 */
public final class CloudEventHeaders {

  public static final String SPEC_VERSION = "1.0";
  public static final String CONTENT_TYPE_JSON = "application/json";

  public static final String CE_SPECVERSION = "ce_specversion";
  public static final String CE_ID = "ce_id";
  public static final String CE_SOURCE = "ce_source";
  public static final String CE_TYPE = "ce_type";
  public static final String CE_TIME = "ce_time";
  public static final String CE_SUBJECT = "ce_subject";
  public static final String CONTENT_TYPE = "content-type";

  private CloudEventHeaders() {}

  /**
   * Writes the binary-mode attributes of a new event, replacing any present.
   *
   * @param source the producing service as a URI reference, for example {@code
   *     /strata/device-ingest}
   * @param subject optional subject (the record key is a good one); null omits the header
   */
  public static CloudEventMetadata write(
      Headers headers, EventType type, String source, String subject, Instant time) {
    CloudEventMetadata metadata =
        new CloudEventMetadata(
            UUID.randomUUID().toString(),
            source,
            type.ceType(),
            time,
            subject,
            SPEC_VERSION,
            CONTENT_TYPE_JSON);
    write(headers, metadata);
    return metadata;
  }

  /**
   * Writes the given attributes, replacing any present. {@code time}, {@code subject} and {@code
   * contentType} are optional in CloudEvents: null omits the header, so metadata read from an event
   * without them can be written again.
   */
  public static void write(Headers headers, CloudEventMetadata metadata) {
    put(headers, CE_SPECVERSION, metadata.specVersion());
    put(headers, CE_ID, metadata.id());
    put(headers, CE_SOURCE, metadata.source());
    put(headers, CE_TYPE, metadata.type());
    putOrRemove(headers, CE_TIME, metadata.time() == null ? null : metadata.time().toString());
    putOrRemove(headers, CONTENT_TYPE, metadata.contentType());
    putOrRemove(headers, CE_SUBJECT, metadata.subject());
  }

  /**
   * Reads the attributes back. Empty when the record is not a CloudEvent (a required attribute is
   * missing or the time is not RFC 3339), so a caller can dead-letter it with a reason rather than
   * guess.
   */
  public static Optional<CloudEventMetadata> read(Headers headers) {
    String specVersion = last(headers, CE_SPECVERSION);
    String id = last(headers, CE_ID);
    String source = last(headers, CE_SOURCE);
    String type = last(headers, CE_TYPE);
    if (!SPEC_VERSION.equals(specVersion) || isBlank(id) || isBlank(source) || isBlank(type)) {
      return Optional.empty();
    }
    Instant time = null;
    String rawTime = last(headers, CE_TIME);
    if (rawTime != null) {
      try {
        time = Instant.parse(rawTime);
      } catch (DateTimeParseException e) {
        return Optional.empty();
      }
    }
    return Optional.of(
        new CloudEventMetadata(
            id,
            source,
            type,
            time,
            last(headers, CE_SUBJECT),
            specVersion,
            last(headers, CONTENT_TYPE)));
  }

  /** The last value of a header as UTF-8 text, or null. */
  public static String last(Headers headers, String key) {
    Header header = headers.lastHeader(key);
    return header == null || header.value() == null
        ? null
        : new String(header.value(), StandardCharsets.UTF_8);
  }

  private static void put(Headers headers, String key, String value) {
    headers.remove(key);
    headers.add(key, value.getBytes(StandardCharsets.UTF_8));
  }

  private static void putOrRemove(Headers headers, String key, String value) {
    if (value != null) {
      put(headers, key, value);
    } else {
      headers.remove(key);
    }
  }

  private static boolean isBlank(String value) {
    return value == null || value.isBlank();
  }
}
