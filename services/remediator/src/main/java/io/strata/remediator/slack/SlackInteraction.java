package io.strata.remediator.slack;

/**
 * One button click from a block_actions payload.
 *
 * @param command what the button asks for
 * @param actionId the remediation action id carried in the button's value
 * @param responseUrl where to post the outcome (updates the original message)
 */
public record SlackInteraction(
    String userId, Command command, String actionId, String responseUrl) {

  /** The buttons Strata puts on its messages, by {@code action_id}. */
  public enum Command {
    APPROVE,
    REJECT,
    UNDO
  }
}
