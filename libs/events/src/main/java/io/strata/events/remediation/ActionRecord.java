package io.strata.events.remediation;

import java.time.Instant;

/** One action as remembered in a review record. */
public record ActionRecord(
    String actionId,
    ActionType type,
    ActionState finalState,
    TargetRef target,
    String approvedBy,
    ApprovalChannel approvalChannel,
    Instant approvedAt,
    Instant executedAt,
    Instant revertedAt) {

  public ActionRecord {
    type = type == null ? ActionType.UNSPECIFIED : type;
    finalState = finalState == null ? ActionState.UNSPECIFIED : finalState;
    approvalChannel = approvalChannel == null ? ApprovalChannel.UNSPECIFIED : approvalChannel;
  }
}
