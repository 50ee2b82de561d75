package io.strata.deviceingest.parse;

/**
 * What one parse saw.
 *
 * @param lines lines read (including comments and blank lines)
 * @param samples sample lines handed to the sink
 * @param malformed lines rejected
 */
public record ParseSummary(int lines, int samples, int malformed) {}
