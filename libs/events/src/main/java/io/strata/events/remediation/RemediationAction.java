package io.strata.events.remediation;

import io.strata.events.Correlation;
import io.strata.events.incident.Incident;
import java.time.Instant;

/**
 * One state of one remediation action. Key: incident_id, so an incident's actions stay in order.
 *
 * @param actionId stable across retries and restarts; also written as an annotation on the patched
 *     object
 * @param step position in the incident's plan, from 1
 * @param patch the JSON merge patch applied (or to apply)
 * @param inversePatch the exact patch that undoes it, recorded before it runs
 * @param approvedBy the Slack user id or API principal that approved or rejected
 * @param episode the incident episode ({@code Incident#episode}) the action was planned for; its id
 *     is derived from it. Absent in JSON written before it existed, read as 1
 * @param policy the policy rule and mode that decided the action; null in records written before
 *     policies existed and in those of a remediator without a policy
 */
public record RemediationAction(
    String actionId,
    String incidentId,
    int step,
    ActionType type,
    ActionState state,
    TargetRef target,
    String patch,
    String inversePatch,
    ActionOutcomeReason reason,
    String message,
    String approvedBy,
    ApprovalChannel approvalChannel,
    Instant approvedAt,
    int attempt,
    int maxAttempts,
    boolean dryRun,
    Correlation correlation,
    Instant updatedAt,
    int episode,
    PolicyRef policy) {

  public RemediationAction {
    type = type == null ? ActionType.UNSPECIFIED : type;
    state = state == null ? ActionState.UNSPECIFIED : state;
    reason = reason == null ? ActionOutcomeReason.UNSPECIFIED : reason;
    approvalChannel = approvalChannel == null ? ApprovalChannel.UNSPECIFIED : approvalChannel;
    correlation = correlation == null ? Correlation.empty() : correlation;
    // 0 is what an absent JSON field reads as: old records belong to the first episode.
    episode = Math.max(episode, Incident.FIRST_EPISODE);
  }

  /** An action no policy rule decided. */
  public RemediationAction(
      String actionId,
      String incidentId,
      int step,
      ActionType type,
      ActionState state,
      TargetRef target,
      String patch,
      String inversePatch,
      ActionOutcomeReason reason,
      String message,
      String approvedBy,
      ApprovalChannel approvalChannel,
      Instant approvedAt,
      int attempt,
      int maxAttempts,
      boolean dryRun,
      Correlation correlation,
      Instant updatedAt,
      int episode) {
    this(
        actionId,
        incidentId,
        step,
        type,
        state,
        target,
        patch,
        inversePatch,
        reason,
        message,
        approvedBy,
        approvalChannel,
        approvedAt,
        attempt,
        maxAttempts,
        dryRun,
        correlation,
        updatedAt,
        episode,
        null);
  }

  /** An action of an incident's first episode. */
  public RemediationAction(
      String actionId,
      String incidentId,
      int step,
      ActionType type,
      ActionState state,
      TargetRef target,
      String patch,
      String inversePatch,
      ActionOutcomeReason reason,
      String message,
      String approvedBy,
      ApprovalChannel approvalChannel,
      Instant approvedAt,
      int attempt,
      int maxAttempts,
      boolean dryRun,
      Correlation correlation,
      Instant updatedAt) {
    this(
        actionId,
        incidentId,
        step,
        type,
        state,
        target,
        patch,
        inversePatch,
        reason,
        message,
        approvedBy,
        approvalChannel,
        approvedAt,
        attempt,
        maxAttempts,
        dryRun,
        correlation,
        updatedAt,
        Incident.FIRST_EPISODE);
  }
}
