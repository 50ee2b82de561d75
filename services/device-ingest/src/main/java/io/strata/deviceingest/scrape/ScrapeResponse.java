package io.strata.deviceingest.scrape;

/**
 * A page a target answered with.
 *
 * @param contentType the response's Content-Type, null when absent
 * @param wireBytes bytes received (before gzip decoding)
 */
public record ScrapeResponse(String body, String contentType, long wireBytes) {}
