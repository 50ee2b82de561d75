package io.strata.remediator.slack;

import static io.strata.remediator.core.review.IncidentText.deviceLine;
import static io.strata.remediator.core.review.IncidentText.headline;
import static io.strata.remediator.core.review.IncidentText.number;
import static io.strata.remediator.core.review.IncidentText.scopeLine;
import static io.strata.remediator.core.review.IncidentText.triggerLine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.PatchHash;
import io.strata.events.remediation.RemediationAction;
import io.strata.loglinks.LogLink;
import io.strata.loglinks.LogLinks;
import io.strata.remediator.core.DeadlinePolicy;
import io.strata.remediator.core.journal.Actions;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.plan.Incidents;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Block Kit messages: the plan with Approve / Reject per step, its updates, recovery and deadline
 * notices. Buttons carry the action id as value and the command as action_id.
 */
public final class SlackMessages {

  /** Slack allows 50 blocks; each action takes two, the header part up to six. */
  static final int MAX_ACTIONS_SHOWN = 20;

  /** Log links in the plan's context line; with their labels they fit its 2,900 characters. */
  static final int MAX_LOG_LINKS = 5;

  private static final int LOG_LINE_CHARS = 2_900;

  private SlackMessages() {}

  /** The plan with a context line of links to the incident's logs (none without templates). */
  public static ObjectNode plan(
      Incident incident, List<RemediationAction> actions, List<String> notes, LogLinks logLinks) {
    ObjectNode message = KubeJson.object();
    message.put("text", headline(incident));
    ArrayNode blocks = message.putArray("blocks");
    section(blocks, "*" + escape(headline(incident)) + "*");
    ObjectNode evidence = blocks.addObject().put("type", "section");
    ArrayNode fields = evidence.putArray("fields");
    field(fields, "*Longest stage*\n" + incident.longestStage());
    field(fields, "*Trigger*\n" + escape(triggerLine(incident.trigger())));
    field(fields, "*Device*\n" + escape(deviceLine(incident)));
    field(fields, "*Exemplar trace*\n" + exemplarLine(incident));
    context(blocks, "Scope: " + escape(scopeLine(Incidents.scope(incident))));
    String logs = logLine(logLinks.render(incident, actions, MAX_LOG_LINKS, LOG_LINE_CHARS));
    if (!logs.isEmpty()) {
      context(blocks, logs);
    }
    appendActions(blocks, actions);
    if (!notes.isEmpty()) {
      context(blocks, escape(String.join("\n", notes)));
    }
    return message;
  }

  public static ObjectNode replacement(
      Incident incident,
      List<RemediationAction> actions,
      RemediationAction changed,
      LogLinks logLinks) {
    ObjectNode message = plan(incident, actions, List.of(), logLinks);
    message.put("replace_original", true);
    message.put("text", Actions.label(changed) + ": " + changed.state());
    return message;
  }

  /** An ephemeral reply to the clicking user only, leaving the message as it is. */
  public static ObjectNode ephemeral(String text) {
    ObjectNode message = KubeJson.object();
    message.put("response_type", "ephemeral");
    message.put("replace_original", false);
    message.put("text", text);
    return message;
  }

  public static ObjectNode recovered(Incident incident, List<RemediationAction> undos) {
    ObjectNode message = KubeJson.object();
    message.put("text", "Recovered: " + incident.incidentId());
    ArrayNode blocks = message.putArray("blocks");
    section(
        blocks,
        "*Recovered* `"
            + escape(incident.incidentId())
            + "`: latency, queue wait and throughput are back at baseline. Undo the temporary"
            + " mitigations:");
    appendActions(blocks, undos);
    return message;
  }

  public static ObjectNode deadlineMissed(
      Incident incident, DeadlinePolicy policy, List<RemediationAction> actions) {
    ObjectNode message = KubeJson.object();
    String verdict =
        policy == DeadlinePolicy.REVERT
            ? "reverting the mitigations that did not help"
            : actions.isEmpty()
                ? "escalating: no further step is planned, a human has to take over"
                : "escalating: the next steps await approval";
    message.put("text", "Not recovered: " + incident.incidentId() + ", " + verdict);
    ArrayNode blocks = message.putArray("blocks");
    section(
        blocks,
        "*Not recovered by the deadline* `" + escape(incident.incidentId()) + "`: " + verdict);
    appendActions(blocks, actions);
    return message;
  }

  private static void appendActions(ArrayNode blocks, List<RemediationAction> actions) {
    List<RemediationAction> shown = actions.stream().limit(MAX_ACTIONS_SHOWN).toList();
    for (RemediationAction action : shown) {
      String line =
          "*Step "
              + action.step()
              + "* "
              + escape(Actions.label(action))
              + " — "
              + action.state()
              + (action.dryRun() ? " (dry-run)" : "")
              + (action.approvedBy() == null ? "" : " · " + escape(Actions.decidedBy(action)))
              + (action.patch() == null ? "" : "\n`" + escape(action.patch()) + "`");
      ObjectNode section = section(blocks, line);
      section.put("block_id", "action-" + action.actionId());
      if (action.state() == ActionState.PROPOSED) {
        ArrayNode buttons = buttons(blocks, action);
        // The approval names the patch this message shows, so a changed proposal is refused.
        button(
            buttons,
            "approve",
            "Approve",
            "primary",
            action.actionId() + SlackInteraction.PATCH_MARK + PatchHash.of(action.patch()));
        button(buttons, "reject", "Reject", "danger", action.actionId());
      } else if (action.state() == ActionState.EXECUTED && action.inversePatch() != null) {
        button(buttons(blocks, action), "undo", "Undo", null, action.actionId());
      }
    }
    if (actions.size() > shown.size()) {
      context(blocks, (actions.size() - shown.size()) + " more action(s): see /api/actions");
    }
  }

  private static ArrayNode buttons(ArrayNode blocks, RemediationAction action) {
    ObjectNode block = blocks.addObject();
    block.put("type", "actions");
    block.put("block_id", "buttons-" + action.actionId());
    return block.putArray("elements");
  }

  private static void button(
      ArrayNode elements, String id, String text, String style, String value) {
    ObjectNode button = elements.addObject();
    button.put("type", "button");
    button.put("action_id", id);
    button.putObject("text").put("type", "plain_text").put("text", text);
    if (style != null) {
      button.put("style", style);
    }
    button.put("value", value);
  }

  private static ObjectNode section(ArrayNode blocks, String mrkdwn) {
    ObjectNode section = blocks.addObject();
    section.put("type", "section");
    section.putObject("text").put("type", "mrkdwn").put("text", truncate(mrkdwn, 2900));
    return section;
  }

  private static void field(ArrayNode fields, String mrkdwn) {
    fields.addObject().put("type", "mrkdwn").put("text", truncate(mrkdwn, 1900));
  }

  private static void context(ArrayNode blocks, String mrkdwn) {
    ObjectNode context = blocks.addObject();
    context.put("type", "context");
    context
        .putArray("elements")
        .addObject()
        .put("type", "mrkdwn")
        .put("text", truncate(mrkdwn, 2900));
  }

  /**
   * {@code <url|label> · <url|label>}: mrkdwn links, URL and label escaped like any mrkdwn text
   * (Slack reads {@code &amp;} back as {@code &}); links that would not fit whole are left out.
   */
  static String logLine(List<LogLink> links) {
    List<String> shown = new ArrayList<>();
    int length = 0;
    for (LogLink link : links) {
      String mrkdwn = "<" + escape(link.url()) + "|" + escape(link.label()) + ">";
      if (length + mrkdwn.length() + 3 > LOG_LINE_CHARS) {
        break;
      }
      shown.add(mrkdwn);
      length += mrkdwn.length() + 3;
    }
    return shown.stream().collect(Collectors.joining(" · "));
  }

  private static String exemplarLine(Incident incident) {
    List<ExemplarTrace> traces = incident.evidence().exemplarTraces();
    if (traces.isEmpty()) {
      return "none";
    }
    ExemplarTrace t = traces.get(0);
    return "`" + escape(t.traceId()) + "` " + number(t.durationMillis()) + " ms";
  }

  /** Slack mrkdwn needs only these three escaped. */
  static String escape(String text) {
    return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static String truncate(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }
}
