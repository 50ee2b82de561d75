package io.strata.e2e;

import java.time.Instant;

/** A record seen on a Strata topic, with when this test received it. */
record Observed<V>(String key, V value, Instant receivedAt) {}
