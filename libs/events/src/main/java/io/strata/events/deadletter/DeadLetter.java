package io.strata.events.deadletter;

import java.time.Instant;

/**
 * What a dead-letter record says about itself, read from its headers. The record's key and value
 * are the original bytes, untouched, so nothing is lost and the record can be replayed once its
 * producer is fixed.
 *
 * @param originTopic the topic the record was read from (or meant for)
 * @param originPartition -1 when it never reached a partition
 * @param originOffset -1 when it never reached a partition
 * @param service the Strata service that gave up on it
 * @param detail a human-readable explanation (exception message), never parsed
 */
public record DeadLetter(
    DeadLetterReason reason,
    String originTopic,
    int originPartition,
    long originOffset,
    String service,
    String detail,
    Instant failedAt) {}
