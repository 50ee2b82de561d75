package io.strata.remediator.core.teams;

import java.util.Optional;

/**
 * One Approve / Reject click from a card.
 *
 * @param approver the AAD object id of the person who clicked (or the UPN when no object id)
 * @param patchHash the SHA-256 of the patch the card showed (required for approve)
 * @param cardActivityId the activity that carries the card, to update it in place
 */
public record TeamsInvoke(
    Verb verb,
    String actionId,
    Optional<String> patchHash,
    String approver,
    Optional<String> userPrincipalName,
    Optional<String> cardActivityId) {

  /** The Action.Execute verbs Strata's cards carry. */
  public enum Verb {
    APPROVE,
    REJECT
  }

  /** The principal recorded on the action: the channel prefix keeps ids of channels apart. */
  public String principal() {
    return "teams:" + approver;
  }
}
