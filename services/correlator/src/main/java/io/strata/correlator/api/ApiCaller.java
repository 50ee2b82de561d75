package io.strata.correlator.api;

/** An authenticated caller of the REST API: who presented the token and what it may read. */
public record ApiCaller(String name, ApiRole role) {

  /** The principal name of the internal instance-to-instance token. */
  public static final String INSTANCE_PRINCIPAL = "correlator-instance";
}
