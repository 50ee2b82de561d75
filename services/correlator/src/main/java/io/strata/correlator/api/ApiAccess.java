package io.strata.correlator.api;

import java.util.Optional;

/**
 * The decision for one request, pure so a test can state it for every case: no or an unknown token
 * is 401, a known token asking for a scope its role may not read is 403.
 */
public final class ApiAccess {

  /** The outcome: allowed with its caller, or refused with a status and a reason. */
  public record Decision(Optional<ApiCaller> caller, int status, String reason) {
    public boolean allowed() {
      return status == 200;
    }
  }

  private final ApiTokens tokens;

  public ApiAccess(ApiTokens tokens) {
    this.tokens = tokens;
  }

  /**
   * @param authorization the request's Authorization header (null when absent)
   * @param localScope whether it asks for {@code scope=local} (an instance's own stores)
   */
  public Decision decide(String authorization, boolean localScope) {
    Optional<ApiCaller> caller = tokens.identify(authorization);
    if (caller.isEmpty()) {
      return new Decision(caller, 401, "a valid bearer token is required");
    }
    ApiRole needed = localScope ? ApiRole.INSTANCE : ApiRole.VIEWER;
    if (caller.get().role() != needed) {
      return new Decision(
          caller,
          403,
          localScope
              ? "scope=local is for correlator instances (the internal token)"
              : "the internal instance token may only ask for scope=local");
    }
    return new Decision(caller, 200, "allowed");
  }
}
