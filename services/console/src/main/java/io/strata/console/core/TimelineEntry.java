package io.strata.console.core;

import java.time.Instant;

/**
 * One line of an incident's timeline.
 *
 * @param kind REVISION, DEVICE, K8S_EVENT, ACTION or REVIEW
 * @param who the principal (Slack user, API principal) or the service that wrote it
 * @param source the record it came from, for example {@code strata.incidents.v1 rev 3}
 */
public record TimelineEntry(
    Instant at, String kind, String title, String detail, String who, String source) {}
