package io.strata.simulator.teams;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@code Action.Execute} button (Adaptive Cards 1.5 Universal Actions) on a card the bot posted:
 * what an invoke must echo ({@code verb}, {@code data}) and where the card is.
 *
 * @param data the button's data as on the card; the remediator puts its action id in {@code
 *     action_id}
 */
public record ExecuteAction(
    String cardActivityId,
    String conversationId,
    String id,
    String verb,
    String title,
    JsonNode data) {

  static final String ADAPTIVE_CARD = "application/vnd.microsoft.card.adaptive";

  /** The Strata action the button decides: data.action_id, else the button's own id. */
  public String actionId() {
    String fromData = data.path("action_id").asText("");
    return fromData.isEmpty() ? id : fromData;
  }

  /** Every Action.Execute of the Adaptive Card attachments of {@code activity}, in card order. */
  public static List<ExecuteAction> find(
      String cardActivityId, String conversationId, JsonNode activity) {
    List<ExecuteAction> out = new ArrayList<>();
    for (JsonNode attachment : activity.path("attachments")) {
      if (ADAPTIVE_CARD.equals(attachment.path("contentType").asText())) {
        walk(attachment.path("content"), cardActivityId, conversationId, out);
      }
    }
    return out;
  }

  private static void walk(
      JsonNode node, String card, String conversation, List<ExecuteAction> out) {
    if (node.isObject() && "Action.Execute".equals(node.path("type").asText())) {
      out.add(
          new ExecuteAction(
              card,
              conversation,
              node.path("id").asText(""),
              node.path("verb").asText(""),
              node.path("title").asText(""),
              node.path("data").deepCopy()));
      return;
    }
    if (node.isContainerNode()) {
      node.forEach(child -> walk(child, card, conversation, out));
    }
  }
}
