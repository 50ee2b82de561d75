package io.strata.simulator.teams;

/**
 * The Teams user who clicks: {@code from} of the invoke. Teams gives a user an opaque "29:" id per
 * bot and the Entra ID (AAD) object id in {@code aadObjectId}.
 */
public record Approver(String aadObjectId, String teamsUserId, String name) {

  public Approver {
    if (aadObjectId == null || aadObjectId.isBlank()) {
      throw new IllegalArgumentException("the approver's AAD object id must not be empty");
    }
  }

  /** The simulated on-call engineer with this AAD object id. */
  public static Approver onCall(String aadObjectId) {
    return new Approver(aadObjectId, "29:sim-" + aadObjectId, "Sim On-call");
  }
}
