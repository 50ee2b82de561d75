package io.strata.remediator.api;

/**
 * What a REST principal may do. Roles are ordered: each one may do everything the roles before it
 * may (an operator also approves, an approver also reads).
 */
public enum ApiRole {
  /** Reads actions and the pause switch; cannot change anything. */
  VIEWER,
  /** Also approves and rejects proposed actions. */
  APPROVER,
  /** Also undoes executed actions and flips the global pause switch. */
  OPERATOR;

  /** Whether this role includes {@code needed}. */
  public boolean allows(ApiRole needed) {
    return compareTo(needed) >= 0;
  }
}
