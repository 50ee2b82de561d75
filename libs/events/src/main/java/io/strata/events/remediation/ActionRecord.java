package io.strata.events.remediation;

import java.time.Instant;

/**
 * One action as remembered in a review record.
 *
 * @param policy the policy rule and mode that decided it; null in records written before policies
 *     existed
 */
public record ActionRecord(
    String actionId,
    ActionType type,
    ActionState finalState,
    TargetRef target,
    String approvedBy,
    ApprovalChannel approvalChannel,
    Instant approvedAt,
    Instant executedAt,
    Instant revertedAt,
    PolicyRef policy) {

  public ActionRecord {
    type = type == null ? ActionType.UNSPECIFIED : type;
    finalState = finalState == null ? ActionState.UNSPECIFIED : finalState;
    approvalChannel = approvalChannel == null ? ApprovalChannel.UNSPECIFIED : approvalChannel;
  }

  /** An action no policy rule decided. */
  public ActionRecord(
      String actionId,
      ActionType type,
      ActionState finalState,
      TargetRef target,
      String approvedBy,
      ApprovalChannel approvalChannel,
      Instant approvedAt,
      Instant executedAt,
      Instant revertedAt) {
    this(
        actionId,
        type,
        finalState,
        target,
        approvedBy,
        approvalChannel,
        approvedAt,
        executedAt,
        revertedAt,
        null);
  }
}
