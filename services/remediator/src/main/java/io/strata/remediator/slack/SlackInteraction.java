package io.strata.remediator.slack;

/**
 * One button click from a block_actions payload.
 *
 * @param command what the button asks for
 * @param actionId the remediation action id carried in the button's value
 * @param responseUrl where to post the outcome (updates the original message)
 * @param patchHash the SHA-256 of the patch the message showed, carried by Approve buttons (null
 *     for other buttons and for messages posted before buttons carried it)
 */
public record SlackInteraction(
    String userId, Command command, String actionId, String responseUrl, String patchHash) {

  /** The separator between the action id and the patch hash in an Approve button's value. */
  public static final String PATCH_MARK = " sha256=";

  public SlackInteraction(String userId, Command command, String actionId, String responseUrl) {
    this(userId, command, actionId, responseUrl, null);
  }

  /** The buttons Strata puts on its messages, by {@code action_id}. */
  public enum Command {
    APPROVE,
    REJECT,
    UNDO
  }
}
