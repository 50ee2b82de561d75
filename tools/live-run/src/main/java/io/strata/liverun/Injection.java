package io.strata.liverun;

/**
 * One XID 79 injected on the simulator and what became of it.
 *
 * @param latencyMillis injection (just before the control call) → first read of the incident on
 *     strata.incidents.v1 naming the node; null when none came within the wait
 * @param scrapedAfterMillis injection → the incident record's timestamp, which Kafka Streams takes
 *     from the XID event device-ingest published when a scrape found it: the part of the latency
 *     before Strata's pipeline; null with no incident
 * @param publishedAfterMillis injection → first read of device-ingest's XID 79 event of the node on
 *     strata.device.xids.v1: scraped, mapped and published; the rest is the correlator's; null when
 *     that reader did not see it within the wait
 */
record Injection(
    int number,
    long atElapsedSeconds,
    String gpuUuid,
    String node,
    String incidentId,
    Long latencyMillis,
    Long scrapedAfterMillis,
    Long publishedAfterMillis) {}
