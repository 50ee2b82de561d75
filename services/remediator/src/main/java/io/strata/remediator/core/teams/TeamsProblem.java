package io.strata.remediator.core.teams;

/**
 * Why an activity sent to the Teams messaging endpoint was refused, with the HTTP status it is
 * answered with: 401 the sender is not proven to be Bot Framework, 403 it is but the activity may
 * not act, 400 the body cannot be read, 404 Teams approvals are off.
 */
public enum TeamsProblem {
  UNSPECIFIED(400),
  // Authentication (401): the token does not prove the Bot Framework sent it for this bot.
  NO_TOKEN(401),
  MALFORMED_TOKEN(401),
  WRONG_ALGORITHM(401),
  UNKNOWN_KEY(401),
  BAD_SIGNATURE(401),
  WRONG_ISSUER(401),
  WRONG_AUDIENCE(401),
  EXPIRED(401),
  NOT_YET_VALID(401),
  /** The OpenID metadata or its JWKS could not be read: nothing can be verified. */
  KEYS_UNAVAILABLE(401),
  // Authorization (403): a genuine token that does not cover this activity, or a person who may
  // not.
  MISSING_ENDORSEMENT(403),
  SERVICE_URL_MISMATCH(403),
  REPLAYED(403),
  NOT_ALLOWED_APPROVER(403),
  // The body (400).
  MALFORMED_JSON(400),
  NO_ACTIVITY_ID(400),
  NO_CHANNEL_ID(400),
  NO_SERVICE_URL(400),
  UNSUPPORTED_INVOKE(400),
  UNSUPPORTED_ACTION(400),
  UNKNOWN_VERB(400),
  NO_USER(400),
  NO_ACTION_ID(400),
  NO_PATCH_HASH(400),
  TEAMS_DISABLED(404);

  private final int status;

  TeamsProblem(int status) {
    this.status = status;
  }

  /** The HTTP status the refusal is answered with. */
  public int status() {
    return status;
  }
}
