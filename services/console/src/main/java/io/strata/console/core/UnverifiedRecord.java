package io.strata.console.core;

import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ActionType;
import io.strata.journal.signature.VerificationReason;
import java.time.Instant;

/**
 * A strata.remediation.v1 record whose signature did not verify (ADR 052): shown as what it claims,
 * never applied to the action it names.
 *
 * @param claimedState the state the record claims for the action
 * @param reason why its {@code strata-integrity} tag is not a verified signature
 * @param keyId the key id its tag names; null when it names none
 * @param writtenAt the record's Kafka timestamp (set by whoever produced it)
 * @param partition where the record is, to find it with Kafka's tools
 * @param offset where the record is within the partition
 */
public record UnverifiedRecord(
    String actionId,
    String incidentId,
    ActionType type,
    ActionState claimedState,
    VerificationReason reason,
    String keyId,
    Instant writtenAt,
    int partition,
    long offset) {}
