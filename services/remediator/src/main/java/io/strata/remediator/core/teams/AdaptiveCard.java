package io.strata.remediator.core.teams;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.patch.KubeJson;
import java.util.List;
import java.util.Map;

/**
 * The subset of Adaptive Cards 1.5 Strata draws, as typed records serialised to the card JSON
 * (element and action names from the Adaptive Cards schema explorer: TextBlock, FactSet, Container,
 * ActionSet, Action.Execute of Universal Actions, Action.OpenUrl).
 */
public record AdaptiveCard(List<Element> body, List<CardAction> actions) {

  public static final String CONTENT_TYPE = "application/vnd.microsoft.card.adaptive";
  public static final String SCHEMA = "http://adaptivecards.io/schemas/adaptive-card.json";
  public static final String VERSION = "1.5";

  /** A body element. */
  public sealed interface Element permits TextBlock, FactSet, Container, ActionSet {}

  /** A button. */
  public sealed interface CardAction permits Execute, OpenUrl {}

  /** {@code weight} "Bolder" or null; {@code monospace}: fontType "Monospace" (patches). */
  public record TextBlock(String text, String weight, boolean monospace, boolean subtle)
      implements Element {
    public static TextBlock plain(String text) {
      return new TextBlock(text, null, false, false);
    }
  }

  /** Title / value pairs, in order. */
  public record FactSet(List<Map.Entry<String, String>> facts) implements Element {}

  /** A group with an id, so a reader (and a test) can find one action's part of the card. */
  public record Container(String id, List<Element> items) implements Element {}

  public record ActionSet(List<CardAction> actions) implements Element {}

  /** Universal Actions: Teams sends an {@code adaptiveCard/action} invoke with verb and data. */
  public record Execute(String title, String verb, String style, Map<String, String> data)
      implements CardAction {}

  public record OpenUrl(String title, String url) implements CardAction {}

  /** The card JSON (the attachment's {@code content}). */
  public ObjectNode toJson() {
    ObjectNode card = KubeJson.object();
    card.put("type", "AdaptiveCard");
    card.put("$schema", SCHEMA);
    card.put("version", VERSION);
    elements(card.putArray("body"), body);
    if (!actions.isEmpty()) {
      actions(card.putArray("actions"), actions);
    }
    card.putObject("msteams").put("width", "Full");
    return card;
  }

  private static void elements(ArrayNode out, List<Element> elements) {
    for (Element element : elements) {
      ObjectNode node = out.addObject();
      if (element instanceof TextBlock t) {
        node.put("type", "TextBlock").put("text", t.text()).put("wrap", true);
        if (t.weight() != null) {
          node.put("weight", t.weight());
        }
        if (t.monospace()) {
          node.put("fontType", "Monospace");
        }
        if (t.subtle()) {
          node.put("isSubtle", true);
        }
      } else if (element instanceof FactSet f) {
        node.put("type", "FactSet");
        ArrayNode facts = node.putArray("facts");
        f.facts()
            .forEach(e -> facts.addObject().put("title", e.getKey()).put("value", e.getValue()));
      } else if (element instanceof Container c) {
        node.put("type", "Container").put("id", c.id());
        elements(node.putArray("items"), c.items());
      } else if (element instanceof ActionSet a) {
        node.put("type", "ActionSet");
        actions(node.putArray("actions"), a.actions());
      }
    }
  }

  private static void actions(ArrayNode out, List<CardAction> actions) {
    for (CardAction action : actions) {
      ObjectNode node = out.addObject();
      if (action instanceof Execute e) {
        node.put("type", "Action.Execute").put("title", e.title()).put("verb", e.verb());
        if (e.style() != null) {
          node.put("style", e.style());
        }
        ObjectNode data = node.putObject("data");
        e.data().forEach(data::put);
      } else if (action instanceof OpenUrl o) {
        node.put("type", "Action.OpenUrl").put("title", o.title()).put("url", o.url());
      }
    }
  }
}
