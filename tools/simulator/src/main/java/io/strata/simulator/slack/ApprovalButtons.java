package io.strata.simulator.slack;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds the approve buttons of a Block Kit message: buttons in {@code actions} blocks (and section
 * accessories) whose action_id starts with "approve", or, when a message names none that way, its
 * primary-styled buttons.
 */
public final class ApprovalButtons {

  /** A button as the interaction payload must echo it. */
  public record Button(String blockId, String actionId, String value, String text, String style) {}

  private ApprovalButtons() {}

  public static List<Button> find(JsonNode message) {
    List<Button> all = new ArrayList<>();
    for (JsonNode block : message.path("blocks")) {
      String blockId = block.path("block_id").asText("");
      if ("actions".equals(block.path("type").asText())) {
        for (JsonNode element : block.path("elements")) {
          button(element, blockId, all);
        }
      }
      button(block.path("accessory"), blockId, all);
    }
    List<Button> byId =
        all.stream()
            .filter(b -> b.actionId().toLowerCase(Locale.ROOT).startsWith("approve"))
            .toList();
    if (!byId.isEmpty()) {
      return byId;
    }
    return all.stream().filter(b -> "primary".equals(b.style())).toList();
  }

  private static void button(JsonNode element, String blockId, List<Button> out) {
    if (!"button".equals(element.path("type").asText())) {
      return;
    }
    out.add(
        new Button(
            blockId,
            element.path("action_id").asText(""),
            element.path("value").asText(""),
            element.path("text").path("text").asText(""),
            element.path("style").asText("")));
  }
}
