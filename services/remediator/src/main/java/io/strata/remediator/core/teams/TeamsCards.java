package io.strata.remediator.core.teams;

import static io.strata.remediator.core.review.IncidentText.deviceLine;
import static io.strata.remediator.core.review.IncidentText.headline;
import static io.strata.remediator.core.review.IncidentText.scopeLine;
import static io.strata.remediator.core.review.IncidentText.triggerLine;

import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.RemediationAction;
import io.strata.remediator.core.DeadlinePolicy;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.plan.Incidents;
import io.strata.remediator.core.teams.AdaptiveCard.ActionSet;
import io.strata.remediator.core.teams.AdaptiveCard.CardAction;
import io.strata.remediator.core.teams.AdaptiveCard.Container;
import io.strata.remediator.core.teams.AdaptiveCard.Element;
import io.strata.remediator.core.teams.AdaptiveCard.Execute;
import io.strata.remediator.core.teams.AdaptiveCard.FactSet;
import io.strata.remediator.core.teams.AdaptiveCard.OpenUrl;
import io.strata.remediator.core.teams.AdaptiveCard.TextBlock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan as an Adaptive Card: the incident, its scope, each action's state and exact patch, the
 * guards, a console link and log links, and per proposed action Approve / Reject. Approve carries
 * the SHA-256 of the patch the card shows, so a changed proposal is refused (as Slack's button
 * value does).
 */
public final class TeamsCards {

  /** Teams caps a card's payload at about 28 KB; 20 actions with their patches stay below it. */
  static final int MAX_ACTIONS_SHOWN = 20;

  /**
   * Log links as card buttons: Teams shows at most 6 card-level actions (its host config's
   * maxActions) and the console link takes one. Their URLs together stay within 4,000 characters so
   * the card keeps below its size limit.
   */
  static final int MAX_LOG_LINKS = 5;

  static final int LOG_LINK_CHARS = 4_000;

  public static final String VERB_APPROVE = "approve";
  public static final String VERB_REJECT = "reject";
  public static final String DATA_ACTION_ID = "action_id";
  public static final String DATA_PATCH_HASH = "patch_sha256";

  private TeamsCards() {}

  /** The plan; {@code status} (may be null) is a line on top naming the latest change. */
  public static AdaptiveCard plan(
      Incident incident,
      List<RemediationAction> actions,
      List<String> notes,
      String status,
      CardStyle style) {
    List<Element> body = new ArrayList<>();
    body.add(new TextBlock(headline(incident), "Bolder", false, false));
    if (status != null) {
      body.add(TextBlock.plain(status));
    }
    body.add(
        new FactSet(
            List.of(
                Map.entry("Longest stage", String.valueOf(incident.longestStage())),
                Map.entry("Trigger", triggerLine(incident.trigger())),
                Map.entry("Device", deviceLine(incident)),
                Map.entry("Scope", scopeLine(Incidents.scope(incident))))));
    List<RemediationAction> shown = actions.stream().limit(MAX_ACTIONS_SHOWN).toList();
    for (RemediationAction action : shown) {
      body.add(actionPart(action, style));
    }
    if (actions.size() > shown.size()) {
      body.add(
          new TextBlock(
              (actions.size() - shown.size()) + " more action(s): see the console",
              null,
              false,
              true));
    }
    if (!style.guards().isEmpty()) {
      body.add(new TextBlock("Guards on every execution", "Bolder", false, false));
      style.guards().forEach(g -> body.add(new TextBlock(g, null, false, true)));
    }
    notes.forEach(n -> body.add(new TextBlock(n, null, false, true)));
    List<CardAction> links = new ArrayList<>();
    style
        .incidentLink(incident.incidentId())
        .ifPresent(url -> links.add(new OpenUrl("Open in console", url)));
    style
        .logLinks()
        .render(incident, actions, MAX_LOG_LINKS, LOG_LINK_CHARS)
        .forEach(link -> links.add(new OpenUrl(link.label(), link.url())));
    return new AdaptiveCard(body, links);
  }

  /** The plan redrawn after {@code changed} moved: the card that replaces the posted one. */
  public static AdaptiveCard update(
      Incident incident,
      List<RemediationAction> actions,
      RemediationAction changed,
      CardStyle style) {
    return plan(
        incident, actions, List.of(), Actions.label(changed) + ": " + stateLine(changed), style);
  }

  /** Only the changed action's line, for an action whose incident is no longer known. */
  public static AdaptiveCard status(RemediationAction changed) {
    return new AdaptiveCard(
        List.of(TextBlock.plain(Actions.label(changed) + ": " + stateLine(changed))), List.of());
  }

  public static AdaptiveCard recovered(
      Incident incident, List<RemediationAction> undos, CardStyle style) {
    return plan(
        incident,
        undos,
        List.of(),
        "Recovered: latency, queue wait and throughput are back at baseline. Undo the temporary"
            + " mitigations:",
        style);
  }

  public static AdaptiveCard deadlineMissed(
      Incident incident, DeadlinePolicy policy, List<RemediationAction> actions, CardStyle style) {
    String verdict =
        policy == DeadlinePolicy.REVERT
            ? "reverting what was done"
            : "escalating to the next step of the plan";
    return plan(incident, actions, List.of(), "Not recovered by the deadline: " + verdict, style);
  }

  /**
   * {@code STATE[ (dry-run)][ · by who][ · reason: message]}: what happened to an action, and by
   * whom.
   */
  public static String stateLine(RemediationAction action) {
    return action.state()
        + (action.dryRun() ? " (dry-run)" : "")
        + (action.approvedBy() == null ? "" : " · by " + Actions.decidedBy(action))
        + (action.reason() == ActionOutcomeReason.UNSPECIFIED
            ? ""
            : " · "
                + action.reason()
                + (action.message() == null || action.message().isBlank()
                    ? ""
                    : ": " + action.message()));
  }

  private static Element actionPart(RemediationAction action, CardStyle style) {
    List<Element> items = new ArrayList<>();
    items.add(
        new TextBlock(
            "Step " + action.step() + " " + Actions.label(action) + " — " + stateLine(action),
            null,
            false,
            false));
    if (action.patch() != null) {
      items.add(new TextBlock(action.patch(), null, true, false));
    }
    if (action.state() == ActionState.PROPOSED) {
      if (style.buttons() == CardStyle.Buttons.EXECUTE) {
        items.add(
            new ActionSet(
                List.of(
                    new Execute(
                        "Approve",
                        VERB_APPROVE,
                        "positive",
                        data(
                            DATA_ACTION_ID,
                            action.actionId(),
                            DATA_PATCH_HASH,
                            PatchHash.of(action.patch()))),
                    new Execute(
                        "Reject",
                        VERB_REJECT,
                        "destructive",
                        data(DATA_ACTION_ID, action.actionId())))));
      } else {
        style
            .incidentLink(action.incidentId())
            .ifPresent(
                url ->
                    items.add(
                        new ActionSet(
                            List.of(
                                new OpenUrl(
                                    "Review step " + action.step() + " in console", url)))));
      }
    }
    return new Container("action-" + action.actionId(), items);
  }

  /** The data an Action.Execute sends back, in the order given. */
  private static Map<String, String> data(String... keysAndValues) {
    Map<String, String> data = new LinkedHashMap<>();
    for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
      data.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return data;
  }
}
