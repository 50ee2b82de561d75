package io.strata.correlator.api;

/**
 * What a caller of the correlator's REST API may read. The API is read-only, so a role decides only
 * which scope a caller may ask for.
 */
public enum ApiRole {
  /** A person or service (the console, the CLI): the merged answer across all instances. */
  VIEWER,
  /** Another correlator instance: only {@code scope=local}, what forwarding asks for. */
  INSTANCE;
}
