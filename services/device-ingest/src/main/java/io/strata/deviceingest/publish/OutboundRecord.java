package io.strata.deviceingest.publish;

import io.strata.events.EventType;
import java.time.Instant;
import java.util.Map;

/**
 * A serialised record waiting in a publish lane, with everything its headers need. Built once per
 * event: a re-send uses this same record, so the CloudEvents {@code id} never changes.
 */
public record OutboundRecord(
    String topic,
    String key,
    byte[] value,
    EventType type,
    String id,
    Instant time,
    Map<String, String> traceContext) {}
