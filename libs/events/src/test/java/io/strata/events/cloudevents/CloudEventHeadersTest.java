package io.strata.events.cloudevents;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.events.EventType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CloudEventHeadersTest {

  private static final Instant TIME = Instant.parse("2026-03-14T09:26:53.5Z");

  private static Headers written() {
    Headers headers = new RecordHeaders();
    CloudEventHeaders.write(
        headers, EventType.XID_EVENT, "/strata/device-ingest", "c/n/GPU-1", TIME);
    return headers;
  }

  private static void set(Headers headers, String key, String value) {
    headers.remove(key);
    headers.add(key, value.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void writesBinaryModeAttributesAndReadsThemBack() {
    Headers headers = new RecordHeaders();
    CloudEventMetadata metadata =
        CloudEventHeaders.write(
            headers, EventType.XID_EVENT, "/strata/device-ingest", "c/n/GPU-1", TIME);
    assertThat(metadata.type()).isEqualTo("io.strata.xid_event.v1");
    assertThat(metadata.specVersion()).isEqualTo("1.0");
    assertThat(metadata.contentType()).isEqualTo("application/json");
    assertThat(metadata.eventType()).contains(EventType.XID_EVENT);
    assertThat(CloudEventHeaders.last(headers, "ce_time")).isEqualTo("2026-03-14T09:26:53.500Z");
    assertThat(CloudEventHeaders.read(headers)).contains(metadata);
  }

  @Test
  void eachWriteIsANewEventWithItsOwnId() {
    Headers headers = written();
    String first = CloudEventHeaders.last(headers, "ce_id");
    CloudEventHeaders.write(headers, EventType.XID_EVENT, "/strata/device-ingest", null, TIME);
    assertThat(CloudEventHeaders.last(headers, "ce_id")).isNotEqualTo(first);
    assertThat(headers.headers("ce_id")).hasSize(1);
    assertThat(headers.lastHeader("ce_subject")).as("null subject removes it").isNull();
    assertThat(CloudEventHeaders.read(headers).orElseThrow().subject()).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ce_specversion", "ce_id", "ce_source", "ce_type"})
  void aMissingRequiredAttributeIsNotACloudEvent(String attribute) {
    Headers headers = written();
    headers.remove(attribute);
    assertThat(CloudEventHeaders.read(headers)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ce_id", "ce_source", "ce_type"})
  void aBlankRequiredAttributeIsNotACloudEvent(String attribute) {
    Headers headers = written();
    set(headers, attribute, " ");
    assertThat(CloudEventHeaders.read(headers)).isEmpty();
  }

  @Test
  void anotherSpecVersionIsNotReadAsOne() {
    Headers headers = written();
    set(headers, "ce_specversion", "0.3");
    assertThat(CloudEventHeaders.read(headers)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"yesterday", "2026-03-14 09:26:53", "1773480413", ""})
  void aTimeThatIsNotRfc3339IsNotACloudEvent(String time) {
    Headers headers = written();
    set(headers, "ce_time", time);
    assertThat(CloudEventHeaders.read(headers)).isEmpty();
  }

  @Test
  void timeSubjectAndContentTypeAreOptional() {
    Headers headers = written();
    headers.remove("ce_time");
    headers.remove("ce_subject");
    headers.remove("content-type");
    CloudEventMetadata read = CloudEventHeaders.read(headers).orElseThrow();
    assertThat(read.time()).isNull();
    assertThat(read.subject()).isNull();
    assertThat(read.contentType()).isNull();

    // and metadata read that way can be written again (forwarding an event)
    Headers forwarded = new RecordHeaders();
    forwarded.add("ce_time", "stale".getBytes(StandardCharsets.UTF_8));
    CloudEventHeaders.write(forwarded, read);
    assertThat(forwarded.lastHeader("ce_time")).isNull();
    assertThat(forwarded.lastHeader("content-type")).isNull();
    assertThat(CloudEventHeaders.read(forwarded)).contains(read);
  }

  @Test
  void lastReadsTheLastValueOfARepeatedHeader() {
    Headers headers = new RecordHeaders();
    headers.add("ce_source", "/a".getBytes(StandardCharsets.UTF_8));
    headers.add("ce_source", "/b".getBytes(StandardCharsets.UTF_8));
    headers.add("nothing", null);
    assertThat(CloudEventHeaders.last(headers, "ce_source")).isEqualTo("/b");
    assertThat(CloudEventHeaders.last(headers, "nothing")).isNull();
    assertThat(CloudEventHeaders.last(headers, "absent")).isNull();
  }

  @Test
  void aForeignTypeReadsButNamesNoStrataEvent() {
    Headers headers = written();
    set(headers, "ce_type", "com.example.other.v1");
    CloudEventMetadata read = CloudEventHeaders.read(headers).orElseThrow();
    assertThat(read.eventType()).isEmpty();
  }
}
