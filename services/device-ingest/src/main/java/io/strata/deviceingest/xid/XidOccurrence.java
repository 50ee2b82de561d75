package io.strata.deviceingest.xid;

import io.strata.events.device.XidSource;

/** New XID occurrences found on one GPU by one scrape. */
public record XidOccurrence(int xid, long occurrences, XidSource source) {}
